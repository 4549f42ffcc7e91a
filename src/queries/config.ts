import { queryOptions } from '@tanstack/react-query'
import type { PublicConfig } from '../../contract/config.ts'
import { DEFAULT_CURRENCY } from '../../contract/rules.ts'
import { api, unwrap } from '../api/client.ts'

const getPublicConfig = () => unwrap(api.config.$get())

/**
 * The settings the server wrote into index.html (server/http/spa-index.ts), when it did: then the landing screen
 * makes no call for them. The dev server's page has none, so the query asks GET /api/config.
 */
function writtenConfig(): PublicConfig | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('config')?.textContent
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object' || !('googleClientId' in value)) return undefined
    const { googleClientId } = value
    const currency = 'currency' in value && typeof value.currency === 'string' ? value.currency : DEFAULT_CURRENCY
    return { googleClientId: typeof googleClientId === 'string' && googleClientId ? googleClientId : null, currency }
  } catch {
    return undefined
  }
}

/** Runtime settings (such as the Google client id); they do not change while the page is open. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'] as const, queryFn: getPublicConfig, initialData: writtenConfig, staleTime: Infinity, retry: 1 })
