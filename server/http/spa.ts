import { existsSync } from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Next } from 'hono'
import type { PublicConfig } from '../../contract/config.ts'
import type { AppEnv } from '../deps.ts'
import { indexPage } from './spa-index.ts'

/** The types the build writes `.br`/`.gz` twins of. */
const ENCODABLE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/i

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, other files as they are,
 * and index.html (never cached) for every other path so client-side routes and deep links reload.
 * Text files go out as the build's `.br` or `.gz` twin when the client accepts it (br before gzip), never for a
 * Range request; every answer that could be encoded says `Vary: Accept-Encoding`. index.html carries the public
 * settings (server/http/spa-index.ts), so it is encoded here, once per build.
 */
export function spaRoutes(staticDir: string, config: PublicConfig) {
  const root = path.relative(process.cwd(), staticDir) || '.'
  const indexFile = path.join(staticDir, 'index.html')
  const app = new Hono<AppEnv>()
  // Set after the response exists: serveStatic's onFound runs after the response is built, so headers set there are lost.
  app.use('*', async (c, next) => {
    await next()
    if (c.res.status !== 200) return
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
    if (ENCODABLE.test(c.res.headers.get('content-type') ?? '') && !/accept-encoding/i.test(c.res.headers.get('vary') ?? ''))
      c.header('Vary', 'Accept-Encoding', { append: true })
  })
  const page = indexPage(indexFile, config)
  const sendIndex = async (c: Context<AppEnv>, next: Next) => {
    const found = await page(c.req.header('accept-encoding'), c.req.path)
    if (!found) return next()
    c.header('Content-Type', 'text/html; charset=utf-8')
    c.header('Vary', 'Accept-Encoding')
    if (found.encoding) c.header('Content-Encoding', found.encoding)
    return c.body(new Uint8Array(found.body))
  }
  // Before the static files: serveStatic would send the file as built for '/' and '/index.html'.
  app.get('/', sendIndex)
  app.get('/index.html', sendIndex)
  const encoded = serveStatic<AppEnv>({ root, precompressed: true })
  const plain = serveStatic<AppEnv>({ root })
  app.use('*', (c, next) => (c.req.header('range') ? plain(c, next) : encoded(c, next)))
  // A missing hashed asset is a 404, not index.html (which would then be cached as that asset for a year).
  app.get('*', (c, next) => (c.req.path.startsWith('/assets/') ? next() : sendIndex(c, next)))
  app.get('*', (c) => c.text(existsSync(indexFile) ? 'Not found' : 'The SPA is not built. Run `npm run build`.', 404))
  return app
}
