import { queryOptions } from '@tanstack/react-query'
import type { PublicConfig } from '../../contract/config.ts'
import { call } from '../api/client.ts'

export const getPublicConfig = () => call<PublicConfig>('get', '/config')

/** Runtime settings (such as the Google client id); they do not change while the page is open. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'] as const, queryFn: getPublicConfig, staleTime: Infinity, retry: 1 })
