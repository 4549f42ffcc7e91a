import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** Written by the build beside Vite's manifest (scripts/route-preloads.ts), read here. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json'

/** A route's path as the router writes it ('/topics/$id') and the scripts its first load needs beyond the entry's. */
export type RoutePreloads = Record<string, string[]>

/** The build's preload lists, or none when the build wrote no file (an older build, a test's bare index.html). */
export async function readRoutePreloads(staticDir: string): Promise<RoutePreloads> {
  const text = await readFile(path.join(staticDir, ROUTE_PRELOADS_FILE), 'utf8').catch(() => null)
  return text ? (JSON.parse(text) as RoutePreloads) : {}
}

const matches = (pattern: string, segments: string[]) => {
  const parts = pattern.split('/').filter(Boolean)
  return parts.length === segments.length && parts.every((part, i) => part.startsWith('$') || part === segments[i])
}
const params = (pattern: string) => pattern.split('/').filter((part) => part.startsWith('$')).length

/** The route pattern a request path opens: the one with fewest parameters ('/user/detail' before '/user/$id'). */
export function routeOf(preloads: RoutePreloads, requestPath: string): string | undefined {
  const segments = requestPath.split('/').filter(Boolean)
  if (segments.length === 0) return preloads['/'] ? '/' : undefined
  return Object.keys(preloads)
    .filter((pattern) => matches(pattern, segments))
    .sort((a, b) => params(a) - params(b))[0]
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The head tags that start a route's chunks with the entry, `crossorigin` as on Vite's own tags so the browser reuses
 * the modules it fetched. Stylesheets are left to Vite's loader: preloading the 35 kB shell stylesheet too took
 * bandwidth from the entry and delayed the first paint on Lighthouse's simulated phone (bench/README.md, Lighthouse).
 */
export const preloadTags = (scripts: string[]) =>
  scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`).join('')
