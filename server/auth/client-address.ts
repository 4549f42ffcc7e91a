import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Config } from '../config.ts'

/**
 * The caller's address: the socket's, or, behind trusted proxies, the X-Forwarded-For entry `trustProxyHops` from
 * the right. Each proxy appends the address it was reached from, so the entries to the left of that one are
 * whatever the client chose to send. A shorter header (a request that skipped an outer proxy) gives its first entry.
 */
export function clientAddress(c: Context, config: Pick<Config, 'trustProxy' | 'trustProxyHops'>): string {
  if (config.trustProxy) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const forwarded = entries[Math.max(0, entries.length - config.trustProxyHops)]
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
