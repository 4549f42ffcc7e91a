import { API_PREFIX, endSession, sessionEndOf } from './session-end.ts'
import { isAbort, toApiError } from './errors.ts'
import { getToken } from './session.ts'
import { reuseOnNotModified, sendValidator } from './validators.ts'

/** Calls that never carry the bearer token and whose 401 is an answer, not an expired session. */
const PUBLIC_PATHS = ['/oauth2/login', '/oauth2/loginUser', '/oauth2/registerUser']
const isPublic = (url: string) => PUBLIC_PATHS.some((p) => new URL(url).pathname.endsWith(p))

/** `/packages/1` → `<origin>/api/packages/1`. */
const urlOf = (input: string) => new URL(`${API_PREFIX}/${input.replace(/^\/+/, '')}`, location.origin)

/** A failed answer's body as the error reads it: JSON when it says so, else its text; nothing when empty or unreadable. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (!text) return undefined
  if (!response.headers.get('content-type')?.includes('json')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** What an answer does before the caller reads it: a 401 ends the session; a 304 becomes the kept answer. */
async function afterResponse(request: Request, response: Response): Promise<Response> {
  if (response.status === 401 && !isPublic(request.url)) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null)
    endSession(sessionEndOf(body))
  }
  return (await reuseOnNotModified(request, response)) ?? response
}

/**
 * Sends one call with fetch: the bearer token, the kept answer's validator, no retries (they belong to TanStack
 * Query). A failure rejects with an ApiError (an abort stays an abort, so it is not reported as a failure). Loaded
 * with the first call (src/api/client.ts), so none of it is in the landing screen's first load.
 */
export async function send(input: string, init?: RequestInit): Promise<Response> {
  let response: Response
  try {
    const request = new Request(urlOf(input), init)
    const token = getToken()
    if (token && !isPublic(request.url)) request.headers.set('Authorization', `Bearer ${token}`)
    sendValidator(request)
    response = await afterResponse(request, await fetch(request))
  } catch (error) {
    if (isAbort(error)) throw error
    throw toApiError(0, null)
  }
  if (!response.ok) throw toApiError(response.status, await bodyOf(response), response.headers.get('retry-after'))
  return response
}
