import type { Envelope } from '../../contract/envelope.ts'
import { toApiError } from './errors.ts'
import { API_PREFIX, endSession, sessionEndOf } from './client.ts'
import { getToken } from './session.ts'

export interface UploadOptions {
  /** Called with 0–100 as the body is sent. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * Uploads multipart form data with real progress. XMLHttpRequest, not fetch: Chromium fails a whole
 * request when fetch streams a body over HTTP/1.1, which is what fetch-based progress needs.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_PREFIX}/${path.replace(/^\//, '')}`)
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100)
        resolve((body as Envelope<T>)?.data as T)
        return
      }
      if (xhr.status === 401) endSession(sessionEndOf(body))
      reject(toApiError(xhr.status, body))
    }
    xhr.onerror = () => reject(toApiError(0, null))
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}
