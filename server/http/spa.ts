import { existsSync } from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppEnv } from '../deps.ts'

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, other files as they are,
 * and index.html (never cached) for every other path so client-side routes and deep links reload.
 */
export function spaRoutes(staticDir: string) {
  const root = path.relative(process.cwd(), staticDir) || '.'
  const indexFile = path.join(staticDir, 'index.html')
  const app = new Hono<AppEnv>()
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', serveStatic({ root, onFound: (_path, c) => { if (!c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'no-cache') } }))
  app.get('*', serveStatic({ root, path: 'index.html', onFound: (_path, c) => { c.header('Cache-Control', 'no-cache') } }))
  app.get('*', (c) => c.text(existsSync(indexFile) ? 'Not found' : 'The SPA is not built. Run `npm run build`.', 404))
  return app
}
