import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../deps.ts'

/**
 * Compression at the edge of the app (docs/architecture.md#decisions-and-why). JSON answers over 1 KiB are compressed on the fly with
 * brotli at a fast level (or gzip) when the client accepts it. Media, PDFs, zips, spreadsheets and Range or 206
 * answers never are: only JSON is touched, and only a complete 200-class body.
 */
export type Encoding = 'br' | 'gzip'

export const COMPRESS_THRESHOLD = 1024
const BROTLI_QUALITY = 4

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** br before gzip before identity, among what Accept-Encoding allows (a `;q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && Number(q.slice(2)) === 0) continue
    accepted.add(name!.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

export function encode(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : gzipAsync(body, { level: 6 })
}

const isJson = (type: string | null) => !!type && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type)

/** The on-the-fly compression of JSON answers, for the `/api` routes. */
export const compressJson = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next()
    const res = c.res
    if (!isJson(res.headers.get('content-type'))) return
    if (!/accept-encoding/i.test(res.headers.get('vary') ?? '')) res.headers.append('Vary', 'Accept-Encoding')
    if (res.status < 200 || res.status === 204 || res.status === 206 || res.status >= 300) return
    if (c.req.method === 'HEAD' || c.req.header('range') || res.headers.has('content-encoding') || !res.body) return
    const encoding = pickEncoding(c.req.header('accept-encoding'))
    if (!encoding) return
    const declared = res.headers.get('content-length')
    if (declared !== null && Number(declared) <= COMPRESS_THRESHOLD) return
    const body = new Uint8Array(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    // Hono copies the old response's headers onto the new one: its length must not survive.
    res.headers.delete('content-length')
    if (body.byteLength > COMPRESS_THRESHOLD) {
      const compressed = await encode(body, encoding)
      headers.set('Content-Encoding', encoding)
      headers.set('Content-Length', String(compressed.byteLength))
      c.res = new Response(new Uint8Array(compressed), { status: res.status, headers })
    } else {
      c.res = new Response(body, { status: res.status, headers })
    }
  })

/**
 * A JSON body kept in memory and sent many times: serialised once, each encoding made at the first request that
 * accepts it and kept. Bodies of 1 KiB or less go as they are, like every other JSON answer.
 */
export class KeptJson {
  readonly json: Buffer
  readonly #encoded = new Map<Encoding, Promise<Buffer>>()

  constructor(text: string) {
    this.json = Buffer.from(text)
  }

  async send(c: Context): Promise<Response> {
    const encoding = this.json.byteLength > COMPRESS_THRESHOLD ? pickEncoding(c.req.header('accept-encoding')) : null
    let bytes = this.json
    if (encoding) {
      let encoded = this.#encoded.get(encoding)
      if (!encoded) {
        encoded = encode(this.json, encoding)
        this.#encoded.set(encoding, encoded)
      }
      bytes = await encoded
      c.header('Content-Encoding', encoding)
    }
    c.header('Content-Type', 'application/json')
    c.header('Content-Length', String(bytes.byteLength))
    c.header('Vary', 'Accept-Encoding', { append: true })
    return c.body(new Uint8Array(bytes), 200)
  }
}
