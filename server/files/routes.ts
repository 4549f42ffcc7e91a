import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import type { AppDeps, AppEnv } from '../deps.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { contentDisposition } from './disposition.ts'
import { parseRange } from './range.ts'
import { getStoredFile } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'

/**
 * Serves stored files by signed URL (a <video> tag cannot send a bearer token). A tampered or expired
 * URL is a 403. Honours single byte ranges (206) so players can seek.
 */
export function fileRoutes({ db, store, fileUrls, clock }: AppDeps) {
  const doc = apiDoc({
    summary: 'A stored file by its signed URL (`exp` and `sig` come with the URL in API answers); one byte range (206) for seeking',
    response: 'binary',
    status: [200, 206],
  })
  return new Hono<AppEnv>().on(['GET', 'HEAD'], '/:key', doc, async (c) => {
    const key = c.req.param('key')
    if (!fileUrls.verify(key, c.req.query('exp') ?? '', c.req.query('sig') ?? '', clock()))
      throw forbidden('This file link is invalid or has expired')
    const file = await getStoredFile(db, key)
    if (!file) throw notFound('File not found')

    const range = parseRange(c.req.header('range'), file.size)
    c.header('Accept-Ranges', 'bytes')
    c.header('Content-Type', file.contentType)
    c.header('Cache-Control', 'private, max-age=300')
    c.header('Content-Disposition', contentDisposition('inline', file.originalName))
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${file.size}`)
      return c.body(null, 416)
    }
    const start = range?.start ?? 0
    const end = range?.end ?? file.size - 1
    c.header('Content-Length', String(end - start + 1))
    if (range) c.header('Content-Range', `bytes ${start}-${end}/${file.size}`)
    c.status(range ? 206 : 200)
    if (c.req.method === 'HEAD' || file.size === 0) return c.body(null)
    const source = await store.get(key, { start, end })
    return stream(c, async (out) => {
      out.onAbort(() => {
        source.destroy()
      })
      for await (const chunk of source) await out.write(chunk as Uint8Array)
    })
  })
}
