/**
 * Revalidation on the client (docs/architecture.md#decisions-and-why): the body of every GET answer that came with an ETag is kept by URL;
 * the next GET of that URL sends If-None-Match, and a 304 is answered from what was kept. A refetch of an
 * unchanged package tree therefore moves no body. The server still checks the session and access on every 304.
 */
interface Kept {
  etag: string
  body: ArrayBuffer
  headers: Headers
}

/** The most recently used answers; a tree is at most a few hundred kB. */
const MAX_KEPT = 40
const kept = new Map<string, Kept>()

const isGet = (request: Request) => request.method === 'GET'

/** beforeRequest: ask for the kept answer's validator. */
export function sendValidator(request: Request) {
  if (!isGet(request) || request.headers.has('if-none-match')) return
  const entry = kept.get(request.url)
  if (entry) request.headers.set('If-None-Match', entry.etag)
}

/** afterResponse: keep a tagged answer; turn a 304 into the kept answer (200), as the query cache expects a body. */
export async function reuseOnNotModified(request: Request, response: Response): Promise<Response | undefined> {
  if (!isGet(request)) return undefined
  if (response.status === 304) {
    const entry = kept.get(request.url)
    if (!entry) return undefined
    // most recently used last
    kept.delete(request.url)
    kept.set(request.url, entry)
    return new Response(entry.body.slice(0), { status: 200, headers: entry.headers })
  }
  const etag = response.headers.get('etag')
  if (response.status !== 200 || !etag) {
    kept.delete(request.url)
    return undefined
  }
  const headers = new Headers(response.headers)
  headers.delete('content-encoding')
  headers.delete('content-length')
  kept.delete(request.url)
  kept.set(request.url, { etag, body: await response.clone().arrayBuffer(), headers })
  while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!)
  return undefined
}

/** At sign-out: nothing of one session is kept for the next. */
export function forgetValidators() {
  kept.clear()
}
