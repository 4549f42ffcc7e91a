import { SIGNED_OUT_EVERYWHERE } from '../../contract/rules.ts'
import { clearSession } from './session.ts'

/** The `/api` prefix, under the app's base path. */
export const API_PREFIX = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/api`

/** Why a session ended: it expired or was ended otherwise (any 401), or the account signed out on all devices. */
export type SessionEnd = 'expired' | typeof SIGNED_OUT_EVERYWHERE

let onUnauthorized: (why: SessionEnd) => void = () => {}
/** main.tsx registers what a 401 does (go to `/`); the api layer knows nothing of the router. */
export function setUnauthorizedHandler(handler: (why: SessionEnd) => void) {
  onUnauthorized = handler
}

/** Any 401 outside sign-in: the session is over. */
export function endSession(why: SessionEnd = 'expired') {
  clearSession()
  onUnauthorized(why)
}

/** Why a 401 ended the session, from its body (the envelope's `code`). */
export function sessionEndOf(body: unknown): SessionEnd {
  return (body as { code?: unknown } | null)?.code === SIGNED_OUT_EVERYWHERE ? SIGNED_OUT_EVERYWHERE : 'expired'
}
