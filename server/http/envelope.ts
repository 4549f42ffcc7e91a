import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Envelope } from '../../contract/envelope.ts'

/** Builds the one envelope (docs/architecture.md#decisions-and-why); undefined/null fields are left out. */
export function envelope<T>(parts: Omit<Envelope<T>, 'timestamp'>): Envelope<T> {
  const body: Envelope<T> = { timestamp: new Date().toISOString(), success: parts.success, status: parts.status }
  if (parts.data !== undefined && parts.data !== null) body.data = parts.data
  if (parts.message) body.message = parts.message
  if (parts.path) body.path = parts.path
  if (parts.errorDetails) body.errorDetails = parts.errorDetails
  if (parts.code) body.code = parts.code
  return body
}

/** Answers a success envelope. Its type (data `T`, the literal status) is what the SPA's typed client reads. */
export function ok<T, S extends ContentfulStatusCode = 200>(c: Context, data: T, message: string, status: S = 200 as S) {
  return c.json(envelope<T>({ success: true, data, message, status, path: c.req.path }), status)
}
