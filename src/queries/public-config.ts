import { useEffect, useState } from 'react'
import type { PublicConfig } from '../../contract/config.ts'
import { DEFAULT_CURRENCY } from '../../contract/rules.ts'
import { api, unwrap } from '../api/client.ts'

export const getPublicConfig = () => unwrap(api.config.$get())

/**
 * The settings the server wrote into index.html (server/http/spa-index.ts), when it did: then the landing screen
 * makes no call for them. The dev server's page has none.
 */
export function writtenConfig(): PublicConfig | undefined {
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

/** The call in flight, so that the landing screen's two Google buttons ask once. */
let asking: Promise<PublicConfig> | undefined
const askOnce = () => (asking ??= getPublicConfig().finally(() => (asking = undefined)))

/**
 * The settings for the landing screen, which loads without TanStack Query: the written ones, else GET /api/config
 * (undefined until it answers, and after a failure).
 */
export function usePublicConfig(): PublicConfig | undefined {
  const [config, setConfig] = useState(writtenConfig)
  useEffect(() => {
    if (!config) askOnce().then(setConfig, () => {})
  }, [config])
  return config
}
