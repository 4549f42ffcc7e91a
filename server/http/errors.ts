import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { envelope } from './envelope.ts'
import type { ErrorCode } from '../../contract/rules.ts'

/** Every expected failure is an AppError: a true HTTP status and a message a person can read. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode
  readonly details: Record<string, string> | undefined
  readonly headers: Record<string, string> | undefined
  /** A reason a client acts on, beside the message a person reads. */
  readonly code: ErrorCode | undefined
  constructor(
    status: ContentfulStatusCode,
    message: string,
    options?: { details?: Record<string, string>; headers?: Record<string, string>; code?: ErrorCode },
  ) {
    super(message)
    this.status = status
    this.details = options?.details
    this.headers = options?.headers
    this.code = options?.code
  }
}

export const badRequest = (message: string, details?: Record<string, string>) => new AppError(400, message, { details })
export const unauthorized = (message = 'Authentication required', code?: ErrorCode) => new AppError(401, message, { code })
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message)
export const notFound = (message: string) => new AppError(404, message)
export const conflict = (message: string) => new AppError(409, message)

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  details?: Record<string, string>,
  code?: ErrorCode,
) {
  return c.json(envelope({ success: false, status, message, code, path: c.req.path, errorDetails: details }), status)
}

/**
 * What the log may say about an unexpected error: its code, message and stack, never its data. A failed query
 * (drizzle wraps it) carries its SQL parameters, password hashes among them, in its own message and stack, so
 * the database's error underneath is described instead.
 */
export function describeError(err: unknown) {
  const cause = (err as { cause?: unknown })?.cause
  const shown = err instanceof Error && 'params' in err && cause instanceof Error ? cause : err
  if (!(shown instanceof Error)) return { error: typeof shown }
  const code = (shown as { code?: unknown }).code
  return { error: String(shown), code: typeof code === 'string' ? code : undefined, stack: shown.stack }
}

/** The one error handler: AppErrors and Hono's own HTTP errors keep their status; anything else is a logged 500. */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof AppError) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
    return errorResponse(c, err.status, err.message, err.details, err.code)
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    const message = status === 400 && /JSON/i.test(err.message) ? 'Malformed JSON in request body' : err.message || 'Bad request'
    return errorResponse(c, status, message)
  }
  const requestId = c.get('requestId') ?? 'unknown'
  console.error(JSON.stringify({ level: 'error', requestId, method: c.req.method, path: c.req.path, ...describeError(err) }))
  return errorResponse(c, 500, `Something went wrong on our side. Reference: ${requestId}`)
}

export const onNotFound: NotFoundHandler = (c) => errorResponse(c, 404, `No API route for ${c.req.method} ${c.req.path}`)
