import ky, { HTTPError } from 'ky'
import type { Envelope } from '../../contract/envelope.ts'
import { ApiError, toApiError } from './errors.ts'
import { clearSession, getToken } from './session.ts'

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

/** The one ky instance. Retries belong to TanStack Query, so ky never retries. */
export const http = ky.create({
  baseUrl: typeof location === 'undefined' ? undefined : location.origin,
  prefix: `${import.meta.env.BASE_URL.replace(/\/$/, '')}/api`,
  retry: 0,
  timeout: false,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = getToken()
        if (token && !isPublic(request.url)) request.headers.set('Authorization', `Bearer ${token}`)
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        if (response.status === 401 && !isPublic(request.url)) endSession()
      },
    ],
  },
})

type Search = Record<string, string | number | boolean | undefined> | URLSearchParams

interface CallOptions {
  json?: unknown
  searchParams?: Search
  signal?: AbortSignal
}

function cleanSearch(search: Search | undefined) {
  if (!search || search instanceof URLSearchParams) return search
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>
}

/** Sends a call and unwraps the envelope: resolves with `data`, rejects with an ApiError. */
export async function call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, options: CallOptions = {}): Promise<T> {
  try {
    const response = await http(path.replace(/^\//, ''), {
      method,
      json: options.json,
      searchParams: cleanSearch(options.searchParams),
      signal: options.signal,
    })
    if (response.status === 204) return undefined as T
    const body = (await response.json()) as Envelope<T>
    return body.data as T
  } catch (error) {
    if (error instanceof HTTPError) throw toApiError(error.response.status, error.data)
    if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError')) throw error
    throw toApiError(0, null)
  }
}

/** Fetches a binary download (zip, xlsx) as a Blob. */
export async function download(path: string, searchParams?: Search): Promise<Blob> {
  try {
    return await http(path.replace(/^\//, ''), { searchParams: cleanSearch(searchParams) }).blob()
  } catch (error) {
    if (error instanceof HTTPError) throw toApiError(error.response.status, error.data)
    throw toApiError(0, null)
  }
}
