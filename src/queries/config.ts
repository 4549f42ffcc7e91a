import { queryOptions } from '@tanstack/react-query'
import { getPublicConfig, writtenConfig } from './public-config.ts'

/**
 * Runtime settings (such as the Google client id); they do not change while the page is open. The ones the server
 * wrote into index.html when it did, else GET /api/config (the dev server's page has none).
 */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'] as const, queryFn: getPublicConfig, initialData: writtenConfig, staleTime: Infinity, retry: 1 })
