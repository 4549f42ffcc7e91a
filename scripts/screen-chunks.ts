/**
 * Chunks by screen for the signed-in routes (vite.config.ts): every module that the shell or two or more of the
 * screens named below import (statically, through any depth) goes into one `shell` chunk; a module only one of them
 * imports goes into that screen's chunk. A screen then loads the entry's chunks, the shell and its own chunk (a
 * handful of requests) instead of a chunk per component, and none of another screen's code.
 *
 * Modules the entry imports go into the entry's chunk (`inEntry`); those the app adds (src/App.tsx: the router, Query
 * and the route tree, which the entry loads before any screen) into one `app` chunk (`inApp`), with the router's and
 * Query's modules the shell adds; those no named screen imports are left to rolldown's automatic chunking (the admin
 * screens reuse the shell chunk, which every signed-in screen has loaded already). TanStack's packages are read as
 * barrels too, so that what one screen alone uses of them (useQueries, useInfiniteQuery) goes with that screen.
 *
 * The landing panel (sign in, sign up) is loaded on demand by the entry and by the app's route '/': what only it needs
 * goes into a `landing` chunk, which a signed-in first load never asks for; what it shares with the app or the named
 * screens (Mantine's inputs and buttons...) joins the entry's chunk, which both load anyway.
 */
import path from 'node:path'
import type { Plugin } from 'vite'

/** Route files (under src/routes) whose split chunk roots a screen's chunk; `_shell.tsx` is the shell. */
const SCREENS: Record<string, string> = {
  '_shell.tsx': 'shell',
  '_shell/user/my-dashboard.tsx': 'learner-home',
  '_shell/topics/$id.tsx': 'viewer',
  '_shell/mcq-test/$subTopicIds.tsx': 'test',
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean; code: string | null } | null
}

/**
 * Barrel files (one module re-exporting a package) by package name. The graph has a barrel import every module of
 * its package; a module that imports names from one is taken to import just the modules those names come from.
 */
const BARRELS: Record<string, RegExp> = {
  '@mantine/core': /\/node_modules\/@mantine\/core\/esm\/index\.mjs$/,
  '@mantine/hooks': /\/node_modules\/@mantine\/hooks\/esm\/index\.mjs$/,
  '@tabler/icons-react': /\/node_modules\/@tabler\/icons-react\/dist\/esm\/tabler-icons-react\.mjs$/,
  '@tanstack/react-query': /\/node_modules\/@tanstack\/react-query\/build\/modern\/index\.js$/,
  '@tanstack/query-core': /\/node_modules\/@tanstack\/query-core\/build\/modern\/index\.js$/,
  '@tanstack/react-router': /\/node_modules\/@tanstack\/react-router\/dist\/esm\/index\.js$/,
}
const barrelPackage = (id: string) => Object.keys(BARRELS).find((name) => BARRELS[name]!.test(normalise(id)))
const namesIn = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/))

/** A barrel's names and the module each comes from, and the barrels it re-exports whole (`export * from 'pkg'`). */
interface Barrel {
  names: Map<string, string>
  reexported: string[]
}

/**
 * Reads a barrel: `import { A as B } from './x.mjs'`, `export { default as C } from './y.mjs'`, and
 * `export * from '@scope/pkg'` when that package's barrel is one of BARRELS too.
 */
function readBarrel(graph: ModuleGraph, id: string): Barrel {
  const info = graph.getModuleInfo(id)
  const code = info?.code ?? ''
  const names = new Map<string, string>()
  const dir = path.dirname(id)
  for (const [, list, from] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g))
    for (const [name, alias] of namesIn(list!)) names.set(alias ?? name!, path.join(dir, from!))
  for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g))
    for (const [, alias] of namesIn(list!)) if (alias) names.set(alias, path.join(dir, from!))
  const starred = [...code.matchAll(/export\s*\*\s*from\s*["']([^."'][^"']*)["']/g)].map(([, pkg]) => pkg)
  const reexported = (info?.importedIds ?? []).filter((imported) => starred.includes(barrelPackage(imported)))
  return { names, reexported }
}

/** The module a barrel's name comes from, looking through the barrels it re-exports whole. */
function moduleOfName(graph: ModuleGraph, barrel: string, name: string, barrels: Map<string, Barrel>): string | undefined {
  let read = barrels.get(barrel)
  if (!read) {
    read = readBarrel(graph, barrel)
    barrels.set(barrel, read)
  }
  return read.names.get(name) ?? read.reexported.map((inner) => moduleOfName(graph, inner, name, barrels)).find(Boolean)
}

/** What a module imports, with each barrel replaced by the modules of the names the module takes from it. */
function importsOf(graph: ModuleGraph, id: string, barrels: Map<string, Barrel>): string[] {
  const info = graph.getModuleInfo(id)
  if (!info) return []
  const imports: string[] = []
  for (const imported of info.importedIds) {
    const pkg = barrelPackage(imported)
    if (!pkg) {
      imports.push(imported)
      continue
    }
    const from = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg}["']`, 'g')
    for (const [, list] of (info.code ?? '').matchAll(from))
      for (const [name] of namesIn(list!)) {
        const module = moduleOfName(graph, imported, name!, barrels)
        if (module) imports.push(module)
      }
  }
  return imports
}

const normalise = (id: string) => id.replaceAll('\\', '/')

/** The app (the router, Query and the route tree): loaded before any screen, though not by the entry (src/Root.tsx). */
const isApp = (id: string) => /\/src\/App\.tsx$/.test(normalise(id))

const TANSTACK = /\/node_modules\/@tanstack\//

/** The landing panel, which src/components/landing/LazyAuthPanel.tsx imports on demand. */
const isLanding = (id: string) => /\/src\/components\/landing\/AuthPanel\.tsx$/.test(normalise(id))

/** Which screen a route split module roots (TanStack's `?tsr-split=` modules), if any. */
function screenOf(id: string): string | undefined {
  const match = /\/src\/routes\/(.+)\?tsr-split=/.exec(normalise(id))
  return match ? SCREENS[match[1]!] : undefined
}

/** Every module `root` imports statically, itself included. */
function staticClosure(graph: ModuleGraph, root: string, barrels: Map<string, Barrel>): Set<string> {
  const seen = new Set([root])
  const queue = [root]
  while (queue.length > 0) {
    for (const next of importsOf(graph, queue.pop()!, barrels)) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
    }
  }
  return seen
}

/**
 * The plugin that reads the module graph once it is complete, and whether a module belongs in the shell chunk or in
 * which screen's chunk (for two codeSplitting groups, the shell's of higher priority so that it is formed first).
 */
export function screenChunks(): {
  plugin: Plugin
  inApp: (id: string) => boolean
  inEntry: (id: string) => boolean
  inLanding: (id: string) => boolean
  inShell: (id: string) => boolean
  screenChunk: (id: string) => string | null
} {
  const chunkOf = new Map<string, string>()
  const app = new Set<string>()
  const entryShared = new Set<string>()
  const entryModules = new Set<string>()
  const landing = new Set<string>()
  const plugin: Plugin = {
    name: 'learnpack:screen-chunks',
    apply: 'build',
    buildEnd() {
      chunkOf.clear()
      app.clear()
      entryShared.clear()
      entryModules.clear()
      landing.clear()
      const graph = this as unknown as ModuleGraph
      const barrels = new Map<string, Barrel>()
      const ids = [...graph.getModuleIds()]
      const closureOf = (roots: string[]) => new Set(roots.flatMap((id) => [...staticClosure(graph, id, barrels)]))
      const entry = closureOf(ids.filter((id) => graph.getModuleInfo(id)?.isEntry))
      const appModules = closureOf(ids.filter(isApp))
      const screenRoots = ids.filter((id) => screenOf(id))
      const signedIn = new Set([...appModules, ...closureOf(screenRoots)])
      for (const module of closureOf(ids.filter(isLanding))) {
        if (entry.has(module)) continue
        if (signedIn.has(module)) entryShared.add(module)
        else landing.add(module)
      }
      for (const module of [...entry, ...entryShared]) entryModules.add(module)
      for (const module of appModules) if (!entry.has(module) && !entryShared.has(module)) app.add(module)
      const usedBy = new Map<string, Set<string>>()
      for (const id of screenRoots) {
        const screen = screenOf(id)!
        for (const module of staticClosure(graph, id, barrels)) {
          if (entry.has(module) || entryShared.has(module) || app.has(module)) continue
          const screens = usedBy.get(module) ?? new Set<string>()
          screens.add(screen)
          usedBy.set(module, screens)
        }
      }
      for (const [module, screens] of usedBy) {
        const chunk = screens.size === 1 && !screens.has('shell') ? [...screens][0]! : 'shell'
        // The router's and Query's parts that the shell adds join the rest of them: every screen loads both chunks.
        if (chunk === 'shell' && TANSTACK.test(normalise(module))) app.add(module)
        else chunkOf.set(module, chunk)
      }
    },
  }
  return {
    plugin,
    inApp: (id) => app.has(id),
    inEntry: (id) => entryModules.has(id),
    inLanding: (id) => landing.has(id),
    inShell: (id) => chunkOf.get(id) === 'shell',
    screenChunk: (id) => {
      const chunk = chunkOf.get(id)
      return chunk && chunk !== 'shell' ? chunk : null
    },
  }
}
