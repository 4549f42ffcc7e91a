import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import type { RouterRoute } from 'hono/types'
import { z } from 'zod'
import { text } from '../../contract/text.ts'
import type { AppEnv } from '../deps.ts'
import { notFound } from '../http/errors.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from './api-doc.ts'
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts'

const resolve = createRequire(import.meta.url).resolve
const pageDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'docs-page')
/** The reference page's files, all served from this origin (the CSP allows no CDN). */
const DOCS_ASSETS = new Map([
  ['swagger-ui.css', { file: resolve('swagger-ui-dist/swagger-ui.css'), type: 'text/css; charset=utf-8' }],
  ['swagger-ui-bundle.js', { file: resolve('swagger-ui-dist/swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' }],
  ['init.js', { file: path.join(pageDir, 'init.js'), type: 'text/javascript; charset=utf-8' }],
])
const DOCS_PAGE = path.join(pageDir, 'index.html')

/** `GET /openapi.json` (generated from the routes the app registers, once) and the reference page at `/docs`. */
export function openApiRoutes(appRoutes: () => readonly RouterRoute[]) {
  let document: OpenApiDocument | undefined
  const tags = ['system']
  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      apiDoc({ summary: 'This OpenAPI 3.1 document', tags, response: 'binary', contentType: 'application/json' }),
      (c) => {
        document ??= buildOpenApiDocument(appRoutes())
        return c.json(document)
      },
    )
    .get('/docs', apiDoc({ summary: 'The API reference page', tags, response: 'binary', contentType: 'text/html' }), async (c) => {
      return c.html(await readFile(DOCS_PAGE, 'utf8'))
    })
    .get(
      '/docs/:asset',
      apiDoc({
        summary: 'A file of the API reference page (its script and style sheet)',
        tags,
        response: 'binary',
        contentType: 'text/javascript',
      }),
      validate('param', z.object({ asset: text('asset', { max: 100 }) })),
      async (c) => {
        const asset = DOCS_ASSETS.get(c.req.valid('param').asset)
        if (!asset) throw notFound('No such file')
        return c.body(await readFile(asset.file), 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=3600' })
      },
    )
}
