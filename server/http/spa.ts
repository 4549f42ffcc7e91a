import { existsSync } from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppEnv } from '../deps.ts'

/** The types the build writes `.br`/`.gz` twins of. */
const ENCODABLE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/i

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, other files as they are,
 * and index.html (never cached) for every other path so client-side routes and deep links reload.
 * Text files go out as the build's `.br` or `.gz` twin when the client accepts it (br before gzip), never for a
 * Range request; every answer that could be encoded says `Vary: Accept-Encoding`.
 */
export function spaRoutes(staticDir: string) {
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
  const encoded = serveStatic<AppEnv>({ root, precompressed: true })
  const plain = serveStatic<AppEnv>({ root })
  app.use('*', (c, next) => (c.req.header('range') ? plain(c, next) : encoded(c, next)))
  const index = serveStatic<AppEnv>({ root, path: 'index.html', precompressed: true })
  // A missing hashed asset is a 404, not index.html (which would then be cached as that asset for a year).
  app.get('*', (c, next) => (c.req.path.startsWith('/assets/') ? next() : index(c, next)))
  app.get('*', (c) => c.text(existsSync(indexFile) ? 'Not found' : 'The SPA is not built. Run `npm run build`.', 404))
  return app
}
