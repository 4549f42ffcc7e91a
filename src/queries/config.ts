import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'

const getPublicConfig = () => unwrap(api.config.$get())

/** Runtime settings (such as the Google client id); they do not change while the page is open. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'] as const, queryFn: getPublicConfig, staleTime: Infinity, retry: 1 })
