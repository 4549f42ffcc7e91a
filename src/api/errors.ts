import type { Envelope } from '../../contract/envelope.ts'

/** Every failed call surfaces as an ApiError: the HTTP status, the server's message and its field details. */
export class ApiError extends Error {
  readonly status: number
  readonly details: Record<string, string>
  constructor(status: number, message: string, details: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.details = details
  }
}

/** Builds an ApiError from a status and whatever body came back (an envelope, text, or nothing). */
export function toApiError(status: number, body: unknown): ApiError {
  const envelope = body as Partial<Envelope<unknown>> | null
  const message =
    envelope && typeof envelope === 'object' && typeof envelope.message === 'string' && envelope.message
      ? envelope.message
      : status === 0
        ? 'Could not reach the server. Check your connection.'
        : `Request failed (${status})`
  return new ApiError(status, message, envelope?.errorDetails ?? {})
}

/** The message to show for an error of unknown kind, or the fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}
