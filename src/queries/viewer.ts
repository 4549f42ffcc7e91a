import { packageQueryOptions } from './packages.ts'

/**
 * The viewer's package tree. It carries signed media URLs valid for an hour: it is kept fresh well inside that,
 * and not refetched on window focus (new URLs would only reload what is already playing).
 */
export const viewerTreeQueryOptions = (id: number) => ({
  ...packageQueryOptions(id),
  staleTime: 20 * 60_000,
  refetchOnWindowFocus: false,
  retryOnMount: false,
})
