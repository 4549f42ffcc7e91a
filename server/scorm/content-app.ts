import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { stream } from 'hono/streaming'
import type { AppDeps } from '../deps.ts'
import { scormFiles, storedFiles } from '../db/schema.ts'
import { AppError } from '../http/errors.ts'
import { parseRange } from '../files/range.ts'
import { decodePath, escapesPackage } from './entry-paths.ts'
import { LAUNCHER_SCRIPT } from './launcher-script.ts'
import { runtimeScope } from './runtime.ts'

/** scorm-again's browser build (its package exports name the unminified one; the minified one sits beside it). */
const scormAgain = () => readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('scorm-again')), 'scorm-again.min.js'))

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/**
 * The SCORM content origin (SCORM_CONTENT_ORIGIN; by default this server on a second port): it serves the launcher
 * page and its two scripts, and the files of the package a launch token names, and nothing else: no API, no SPA, no
 * listing. Everything a package's script can reach here is its own package. Its CSP lets a package's scripts talk to
 * this origin and to the API's runtime routes only (which take the launch token, never a session), and lets only
 * the app frame it.
 */
export function createContentApp(deps: Pick<AppDeps, 'db' | 'store' | 'scormTokens' | 'config'>) {
  const appOrigin = new URL(deps.config.appUrl).origin
  const runtimeApi = `${appOrigin}/api/scorm/runtime`
  const policy = [
    "default-src 'self' data: blob:",
    // Authoring tools' output relies on inline scripts and eval; they run on this origin, which holds nothing else.
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${runtimeApi}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${appOrigin} 'self'`,
  ].join('; ')
  let runtimeScript: Buffer | undefined

  const app = new Hono()
  app.use(async (c, next) => {
    await next()
    c.header('Content-Security-Policy', policy)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cross-Origin-Resource-Policy', 'same-site')
  })

  app.get('/runtime/scorm-again.min.js', (c) => {
    runtimeScript ??= scormAgain()
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(new Uint8Array(runtimeScript))
  })
  app.get('/runtime/launcher.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    return c.body(LAUNCHER_SCRIPT)
  })

  app.get('/scorm/:token/launch', async (c) => {
    const scope = await scopeOf(c, deps)
    if (scope instanceof Response) return scope
    c.header('Cache-Control', 'no-store')
    return c.html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(scope.sco.title)}</title>
<style>html,body{margin:0;height:100%;background:#fff;color:#1a1b1e;font-family:system-ui,sans-serif}iframe{border:0;width:100%;height:100%;display:block}#status{padding:1rem}</style>
</head>
<body>
<p id="status" role="alert" hidden></p>
<iframe id="sco" title="${escapeHtml(scope.sco.title)}"></iframe>
<script src="/runtime/scorm-again.min.js"></script>
<script src="/runtime/launcher.js" data-api="${escapeHtml(runtimeApi)}" data-app-origin="${escapeHtml(appOrigin)}"></script>
</body>
</html>`)
  })

  app.on(['GET', 'HEAD'], '/scorm/:token/files/*', async (c) => {
    const scope = await scopeOf(c, deps)
    if (scope instanceof Response) return scope
    const prefix = `/scorm/${c.req.param('token')}/files/`
    const raw = new URL(c.req.url).pathname
    const path = raw.startsWith(prefix) ? raw.slice(prefix.length).split('/').map(decodePath).join('/') : ''
    if (!path || escapesPackage(path)) return c.text('Not found', 404)
    const [file] = await deps.db
      .select({ key: storedFiles.key, size: storedFiles.size, contentType: storedFiles.contentType })
      .from(scormFiles)
      .innerJoin(storedFiles, eq(storedFiles.key, scormFiles.fileKey))
      .where(and(eq(scormFiles.packageId, scope.sco.packageId), eq(scormFiles.path, path)))
    if (!file) return c.text('Not found', 404)

    const range = parseRange(c.req.header('range'), file.size)
    c.header('Accept-Ranges', 'bytes')
    c.header('Content-Type', file.contentType)
    c.header('Cache-Control', 'private, max-age=300')
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
    const source = await deps.store.get(file.key, { start, end })
    return stream(c, async (out) => {
      out.onAbort(() => {
        source.destroy()
      })
      for await (const chunk of source) await out.write(chunk as Uint8Array)
    })
  })

  app.notFound((c) => c.text('Not found', 404))
  app.onError((err, c) => {
    if (err instanceof AppError) return c.text(err.message, err.status as 400)
    console.error(JSON.stringify({ level: 'error', msg: 'content origin failed', error: String(err) }))
    return c.text('Something went wrong', 500)
  })
  return app
}

/** The launch token's scope, or the plain-text refusal this origin answers (no JSON envelope: nothing here is API). */
async function scopeOf(c: Context, deps: Pick<AppDeps, 'db' | 'scormTokens'>) {
  try {
    return await runtimeScope(deps, c.req.param('token'))
  } catch (err) {
    if (err instanceof AppError) return c.text(err.message, err.status as 401)
    throw err
  }
}
