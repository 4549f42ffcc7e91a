import { stat, readFile } from 'node:fs/promises'
import type { PublicConfig } from '../../contract/config.ts'
import { encode, pickEncoding, type Encoding } from './compress.ts'

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

interface Page {
  mtimeMs: number
  html: Buffer
  encoded: Map<Encoding, Promise<Buffer>>
}

/**
 * The page to send for index.html: read again only when the file changes (a new build), each encoding made once.
 * Resolves with null when there is no index.html.
 */
export function indexPage(file: string, config: PublicConfig) {
  let page: Page | undefined
  return async (acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding: Encoding | null } | null> => {
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    if (page?.mtimeMs !== info.mtimeMs) {
      page = { mtimeMs: info.mtimeMs, html: Buffer.from(withConfig(await readFile(file, 'utf8'), config)), encoded: new Map() }
    }
    const encoding = pickEncoding(acceptEncoding)
    if (!encoding) return { body: page.html, encoding: null }
    if (!page.encoded.has(encoding)) page.encoded.set(encoding, encode(page.html, encoding))
    return { body: await page.encoded.get(encoding)!, encoding }
  }
}
