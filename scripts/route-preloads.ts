/**
 * What the server names in index.html for a deep link (server/http/spa-preload.ts): for every route with a path of
 * its own, the scripts its lazy chunk and its layouts' chunks import (the app chunk, the shell, the screen's chunk),
 * and the fetch wrapper, which the entry imports on demand and every screen's first API call waits for; for '/', the
 * landing panel's chunk, which the entry imports on demand too. The browser then fetches them beside the entry instead
 * of one after the other once the entry and the router run.
 * Written by the build to `.vite/route-preloads.json`, so the list follows the route files and the chunking.
 */
import type { Plugin } from 'vite'
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../server/http/spa-preload.ts'

/**
 * The URL path of a file route (its path under src/routes, without `.tsx`), by TanStack's file conventions: `.` and
 * `/` separate segments, `_name` is a layout without a path, a trailing `_` un-nests, `index` is the parent's path.
 */
export function routePath(file: string): string {
  const segments = file
    .split(/[/.]/)
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''))
  return `/${segments.join('/')}`
}

/** The route files whose layouts contain `file` ('_shell' and '_shell/_admin' for '_shell/_admin/reports'). */
const layoutsOf = (file: string, files: Iterable<string>) => [...files].filter((other) => file.startsWith(`${other}/`))

interface Chunk {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  imports: string[]
  moduleIds: string[]
}

/** The fetch wrapper (src/api/client.ts imports it on demand, so the landing screen goes without it). */
const FETCH_WRAPPER = /\/src\/api\/http\.ts$/

/** The landing panel (src/components/landing/LazyAuthPanel.tsx imports it on demand, so signed-in loads go without it). */
const LANDING_PANEL = /\/src\/components\/landing\/AuthPanel\.tsx$/

export function routePreloads(): Plugin {
  let base = '/'
  return {
    name: 'learnpack:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Chunk & typeof item => item.type === 'chunk') as Chunk[]
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const closure = (roots: string[]) => {
        const seen = new Set<string>()
        const queue = [...roots]
        while (queue.length > 0) {
          const name = queue.pop()!
          if (seen.has(name)) continue
          seen.add(name)
          queue.push(...(byName.get(name)?.imports ?? []))
        }
        return seen
      }
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
      const holding = (module: RegExp) => chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id.replaceAll('\\', '/'))))
      const fetchWrapper = holding(FETCH_WRAPPER)
      const landingPanel = holding(LANDING_PANEL)
      const chunkOfRoute = new Map<string, string>()
      for (const chunk of chunks)
        for (const id of chunk.moduleIds) {
          const match = /\/src\/routes\/(.+)\.tsx\?tsr-split=/.exec(id.replaceAll('\\', '/'))
          if (match) chunkOfRoute.set(match[1]!, chunk.fileName)
        }
      const preloads: RoutePreloads = {}
      const beyondEntry = (roots: string[]) => [...closure(roots)].filter((name) => !entry.has(name)).map((name) => base + name)
      if (landingPanel) preloads['/'] = beyondEntry([landingPanel.fileName])
      for (const file of chunkOfRoute.keys()) {
        const path = routePath(file)
        if (path === '/') continue
        const roots = [file, ...layoutsOf(file, chunkOfRoute.keys())].map((route) => chunkOfRoute.get(route)!)
        if (fetchWrapper) roots.push(fetchWrapper.fileName)
        preloads[path] = beyondEntry(roots)
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` })
    },
  }
}
