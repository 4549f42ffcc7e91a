import { stat, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { PublicConfig } from '../../contract/config.ts'
import { encode, pickEncoding, type Encoding } from './compress.ts'
import { preloadTags, readRoutePreloads, routeOf, type RoutePreloads } from './spa-preload.ts'

/** The element the SPA reads its runtime settings from (src/queries/config.ts). */
export const CONFIG_ELEMENT_ID = 'config'

/**
 * index.html with the public settings written in as a JSON script (not executed, so the CSP allows it): the landing
 * screen then needs no GET /api/config, nor the HTTP client, before the first interaction. `<` is escaped so no value
 * can close the tag.
 */
export function withConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  const tag = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${json}</script>`
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${html}${tag}`
}

interface Variant {
  html: Buffer
  encoded: Map<Encoding, Promise<Buffer>>
}

interface Page {
  mtimeMs: number
  html: string
  preloads: RoutePreloads
  variants: Map<string, Variant>
}

/** index.html with the route's preload tags (if any) after the entry's own, so the entry is asked for first. */
const withPreloads = (html: string, tags: string) => (tags ? html.replace('</head>', `${tags}</head>`) : html)

/**
 * The page to send for index.html at a path: read again only when the file changes (a new build), each route's
 * variant and each encoding made once. A path the build names a route for gets that route's preload tags
 * (server/http/spa-preload.ts), '/' the landing panel's; unknown paths get the page as built. Resolves with null when
 * there is no index.html.
 */
export function indexPage(file: string, config: PublicConfig) {
  let page: Page | undefined
  return async (acceptEncoding: string | undefined, requestPath = '/'): Promise<{ body: Buffer; encoding: Encoding | null } | null> => {
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    if (page?.mtimeMs !== info.mtimeMs) {
      page = {
        mtimeMs: info.mtimeMs,
        html: withConfig(await readFile(file, 'utf8'), config),
        preloads: await readRoutePreloads(path.dirname(file)),
        variants: new Map(),
      }
    }
    const route = routeOf(page.preloads, requestPath) ?? ''
    let variant = page.variants.get(route)
    if (!variant) {
      const tags = route ? preloadTags(page.preloads[route]!) : ''
      variant = { html: Buffer.from(withPreloads(page.html, tags)), encoded: new Map() }
      page.variants.set(route, variant)
    }
    const encoding = pickEncoding(acceptEncoding)
    if (!encoding) return { body: variant.html, encoding: null }
    if (!variant.encoded.has(encoding)) variant.encoded.set(encoding, encode(variant.html, encoding))
    return { body: await variant.encoded.get(encoding)!, encoding }
  }
}
