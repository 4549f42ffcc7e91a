import { clearSession } from './session.ts'

/** The `/api` prefix, under the app's base path. */
export const API_PREFIX = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/api`

let onUnauthorized: () => void = () => {}
/** main.tsx registers what a 401 does (go to `/`); the api layer knows nothing of the router. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

/** Any 401 outside sign-in: the session is over. */
export function endSession() {
  clearSession()
  onUnauthorized()
}
