import ky, { HTTPError } from 'ky'
import { API_PREFIX, endSession, sessionEndOf } from './session-end.ts'
import { isAbort, toApiError } from './errors.ts'
import { getToken } from './session.ts'
import { reuseOnNotModified, sendValidator } from './validators.ts'

/** Calls that never carry the bearer token and whose 401 is an answer, not an expired session. */
const PUBLIC_PATHS = ['/oauth2/login', '/oauth2/loginUser', '/oauth2/registerUser']
const isPublic = (url: string) => PUBLIC_PATHS.some((p) => new URL(url).pathname.endsWith(p))

/** The one ky instance. Retries belong to TanStack Query, so ky never retries. */
const http = ky.create({
  baseUrl: typeof location === 'undefined' ? undefined : location.origin,
  prefix: API_PREFIX,
  retry: 0,
  timeout: false,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = getToken()
        if (token && !isPublic(request.url)) request.headers.set('Authorization', `Bearer ${token}`)
        sendValidator(request)
      },
    ],
    afterResponse: [
      async ({ request, response }) => {
        if (response.status !== 401 || isPublic(request.url)) return
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => null)
        endSession(sessionEndOf(body))
      },
      ({ request, response }) => reuseOnNotModified(request, response),
    ],
  },
})

/**
 * Sends one call through ky. A failure rejects with an ApiError (an abort stays an abort, so it is not reported as a
 * failure). Loaded with the first call (src/api/client.ts), so ky is not part of the landing screen's first load.
 */
export async function send(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await http(input, init)
  } catch (error) {
    if (error instanceof HTTPError) throw toApiError(error.response.status, error.data, error.response.headers.get('retry-after'))
    if (isAbort(error)) throw error
    throw toApiError(0, null)
  }
}
