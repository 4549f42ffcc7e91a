import { hc, type ClientResponse } from 'hono/client'
import type { ApiType } from '../../server/app.ts'
import type { Envelope } from '../../contract/envelope.ts'
import { ApiError, isAbort, toApiError } from './errors.ts'

export { API_PREFIX, endSession, sessionEndOf, setUnauthorizedHandler } from './session-end.ts'

/** The fetch wrapper (src/api/http.ts), loaded with the first call: the landing screen's first load makes none. */
let http: Promise<typeof import('./http.ts')> | undefined
const loadHttp = () => (http ??= import('./http.ts'))

/** Starts loading the fetch wrapper before the first call: a signed-in screen's loader then calls without waiting for it. */
export function preloadHttp() {
  void loadHttp()
}

/**
 * Every API path, typed from the server's routes (server/app.ts `ApiType`): its params, query and JSON body,
 * and its answer. `api.packages[':id'].$get({ param: { id: '1' } })`. It sends through the one fetch wrapper.
 */
export const api = hc<ApiType>('/', {
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => (await loadHttp()).send(input as string, init),
})

/** Any failure of a call as an ApiError (the sender already made HTTP and network failures ApiErrors; an abort stays an abort). */
function toCallError(error: unknown): unknown {
  if (error instanceof ApiError || isAbort(error)) return error
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
