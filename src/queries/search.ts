import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => [...searchKeys.all, q] as const,
}

const searchContent = (q: string) => unwrap(api.search.$get({ query: { q } }))

/**
 * Full-text search over the content the user may see (packages, skills, topics, sub-topics, videos, study
 * materials). The previous answer stays on screen while the next one loads, so results do not flicker as one types.
 */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: () => searchContent(q),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { errorMessage: 'Search failed' },
  })
