import { ApiError } from '../api/errors.ts'

/** Asks again at most this many times; then the failure shows as any other. */
const MAX_RETRIES = 3
/** A longer wait than this is not worth holding a form for: the failure shows at once. */
const LONGEST_WAIT_MS = 30_000

/** The wait a 503 with Retry-After asks for (the server is busy hashing other passwords); null for any other failure. */
function busyWait(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 503 || error.retryAfterMs === null) return null
  return error.retryAfterMs <= LONGEST_WAIT_MS ? error.retryAfterMs : null
}

/**
 * Mutation options for calls the server may refuse for capacity (sign-in): a 503 with Retry-After is sent again
 * after the wait it names, up to half as long again at random so that everyone refused in the same second does
 * not come back in the same second. The mutation stays pending meanwhile, so the form shows nothing new.
 */
export const retryWhileBusy = {
  retry: (failureCount: number, error: unknown) => failureCount < MAX_RETRIES && busyWait(error) !== null,
  retryDelay: (_failureCount: number, error: unknown) => (busyWait(error) ?? 0) * (1 + Math.random() / 2),
}
