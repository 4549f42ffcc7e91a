import type { ServerType } from '@hono/node-server'

/** How long an idle keep-alive connection stays open: longer than the usual proxies' and clients' 60 s. */
export const KEEP_ALIVE_MS = 65_000

/**
 * Leaves closing idle connections to the client. A server that closes one first (Node's default: after 5 s) races
 * the client's next request on it, which then fails with ECONNRESET, and a POST is not retried. The headers timeout
 * stays above it, as Node asks.
 */
export function keepIdleConnections(server: ServerType) {
  if (!('keepAliveTimeout' in server)) return
  server.keepAliveTimeout = KEEP_ALIVE_MS
  if ('headersTimeout' in server) server.headersTimeout = KEEP_ALIVE_MS + 1_000
}
