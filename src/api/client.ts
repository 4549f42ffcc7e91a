import ky, { HTTPError } from 'ky'
import { hc, type ClientResponse } from 'hono/client'
import type { ApiType } from '../../server/app.ts'
import type { Envelope } from '../../contract/envelope.ts'
import { isAbort, toApiError } from './errors.ts'
import { clearSession, getToken } from './session.ts'
import { reuseOnNotModified, sendValidator } from './validators.ts'

/** Calls that never carry the bearer token and whose 401 is an answer, not an expired session. */
const PUBLIC_PATHS = ['/oauth2/login', '/oauth2/loginUser', '/oauth2/registerUser']
const isPublic = (url: string) => PUBLIC_PATHS.some((p) => new URL(url).pathname.endsWith(p))

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

/** The `/api` prefix, under the app's base path. */
export const API_PREFIX = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/api`

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
      ({ request, response }) => {
        if (response.status === 401 && !isPublic(request.url)) endSession()
      },
      ({ request, response }) => reuseOnNotModified(request, response),
    ],
  },
})

/**
 * Every API path, typed from the server's routes (server/app.ts `ApiType`): its params, query and JSON body,
 * and its answer. `api.packages[':id'].$get({ param: { id: '1' } })`. It sends through the one ky instance.
 */
export const api = hc<ApiType>('/', { fetch: (input: RequestInfo | URL, init?: RequestInit) => http(input as string, init) })

/** Any failure of a call as an ApiError (an abort stays an abort, so it is not reported as a failure). */
function toCallError(error: unknown): unknown {
  if (error instanceof HTTPError) return toApiError(error.response.status, error.data)
  if (isAbort(error)) return error
  return toApiError(0, null)
}

type EnvelopeOf<R> = R extends ClientResponse<infer Body, number, 'json'> ? Body : never
type DataOf<R> = EnvelopeOf<R> extends { data?: infer Data } ? Data : never

/** Awaits a call and unwraps the envelope: resolves with `data`, rejects with an ApiError. */
export async function unwrap<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<DataOf<R>> {
  try {
    const body = (await (await call).json()) as Envelope<DataOf<R>>
    return body.data as DataOf<R>
  } catch (error) {
    throw toCallError(error)
  }
}

/** Awaits a call whose answer is a text in the envelope's `message` (the mail-link calls carry no data). */
export async function unwrapMessage(call: Promise<ClientResponse<unknown>>): Promise<string> {
  try {
    const body = (await (await call).json()) as Envelope<unknown>
    return body.message ?? ''
  } catch (error) {
    throw toCallError(error)
  }
}

/** A file the server sends for saving: its bytes and the name its Content-Disposition gives (else null). */
interface NamedFile {
  blob: Blob
  fileName: string | null
}

/** Awaits a download (zip, xlsx, csv): the bytes and the server's file name. Failures reject with an ApiError. */
export async function download(call: Promise<ClientResponse<unknown>>): Promise<NamedFile> {
  try {
    const response = await call
    return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) }
  } catch (error) {
    throw toCallError(error)
  }
}

/** `attachment; filename="report-numbers.csv"` (or RFC 5987 `filename*=UTF-8''…`) → the file name, or null. */
function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim())
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition)
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim()
  return name || null
}
