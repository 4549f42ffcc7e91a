import type { Envelope } from '../../contract/envelope.ts'

/** Every failed call surfaces as an ApiError: the HTTP status, the server's message and its field details. */
export class ApiError extends Error {
  readonly status: number
  readonly details: Record<string, string>
  /** True when `message` is a stand-in because the answer carried no message of its own. */
  readonly generic: boolean
  /** How long the answer's Retry-After header asks to wait before asking again; null without one. */
  readonly retryAfterMs: number | null
  constructor(status: number, message: string, details: Record<string, string> = {}, generic = false, retryAfterMs: number | null = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.details = details
    this.generic = generic
    this.retryAfterMs = retryAfterMs
  }
}

/** A Retry-After header in seconds (what this server sends) as milliseconds; null when absent or another form. */
const retryAfterMsOf = (header: string | null): number | null => (header && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : null)

/** Builds an ApiError from a status and whatever body came back (an envelope, text, or nothing), and its Retry-After. */
export function toApiError(status: number, body: unknown, retryAfter: string | null = null): ApiError {
  const envelope = body as Partial<Envelope<unknown>> | null
  const serverMessage =
    envelope && typeof envelope === 'object' && typeof envelope.message === 'string' && envelope.message ? envelope.message : null
  const message = serverMessage ?? (status === 0 ? 'Could not reach the server. Check your connection.' : `Request failed (${status})`)
  const details = envelope && typeof envelope === 'object' ? (envelope.errorDetails ?? {}) : {}
  return new ApiError(status, message, details, serverMessage === null, retryAfterMsOf(retryAfter))
}

/** The server's message for a failed call, or the fallback text when the answer carried none. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.generic && error.message ? error.message : fallback
}

/** A call the page itself called off (a cancelled upload, an aborted request): not a failure to report. */
export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError'
