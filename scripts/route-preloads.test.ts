import { routePath, routePreloads } from './route-preloads.ts'
import type { RoutePreloads } from '../server/http/spa-preload.ts'

const split = (route: string) => `/app/src/routes/${route}.tsx?tsr-split=component---loader`

interface FakeChunk {
  isEntry?: boolean
  imports?: string[]
  moduleIds?: string[]
}

/** Runs the plugin's generateBundle over a bundle and returns the file it emits. */
function preloadsOf(chunks: Record<string, FakeChunk>, base = '/'): RoutePreloads {
  const plugin = routePreloads()
  ;(plugin.configResolved as unknown as (config: { base: string }) => void)({ base })
  const bundle = Object.fromEntries(
    Object.entries(chunks).map(([fileName, c]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        isEntry: c.isEntry ?? false,
        imports: c.imports ?? [],
        moduleIds: c.moduleIds ?? [],
      },
    ]),
  )
  let emitted = ''
  const context = {
    emitFile: (file: { source: string }) => {
      emitted = file.source
    },
  }
  ;(plugin.generateBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void).call(context, {}, bundle)
  return JSON.parse(emitted) as RoutePreloads
}

describe('routePath', () => {
  it('reads TanStack file routes: layouts without a path, params, dots as slashes, index, un-nesting', () => {
    expect(routePath('_shell/user/my-dashboard')).toBe('/user/my-dashboard')
    expect(routePath('_shell/topics/$id')).toBe('/topics/$id')
    expect(routePath('_shell/_admin/package/edit.$id')).toBe('/package/edit/$id')
    expect(routePath('_shell/_admin/groups/index')).toBe('/groups')
    expect(routePath('_shell/_admin/reports_.captions')).toBe('/reports/captions')
    expect(routePath('verify.$code')).toBe('/verify/$code')
    expect(routePath('index')).toBe('/')
    expect(routePath('_shell')).toBe('/')
  })
})

describe('routePreloads', () => {
  const bundle: Record<string, FakeChunk> = {
    'assets/index.js': { isEntry: true, imports: ['assets/framework.js'], moduleIds: ['/app/src/main.tsx'] },
    'assets/framework.js': {},
    'assets/app.js': { imports: ['assets/framework.js'], moduleIds: ['/app/src/App.tsx', split('index')] },
    'assets/shell.js': { imports: ['assets/app.js', 'assets/index.js'], moduleIds: [split('_shell')] },
    'assets/viewer.js': { imports: ['assets/shell.js'], moduleIds: [split('_shell/topics/$id')] },
    'assets/home.js': { imports: ['assets/shell.js'], moduleIds: [split('_shell/user/my-dashboard')] },
    'assets/http.js': { moduleIds: ['/app/src/api/http.ts'] },
  }

  it("names each route's chunk, its layouts' chunks, what they import and the fetch wrapper, not the entry's own, and not '/'", () => {
    const preloads = preloadsOf(bundle)
    expect(Object.keys(preloads).sort()).toEqual(['/topics/$id', '/user/my-dashboard'])
    expect(preloads['/topics/$id']!.sort()).toEqual(['/assets/app.js', '/assets/http.js', '/assets/shell.js', '/assets/viewer.js'])
    expect(preloads['/user/my-dashboard']!.sort()).toEqual(['/assets/app.js', '/assets/home.js', '/assets/http.js', '/assets/shell.js'])
  })

  it("names the landing panel's chunk and what it imports beyond the entry's for '/'", () => {
    const withLanding: Record<string, FakeChunk> = {
      ...bundle,
      'assets/landing.js': { imports: ['assets/index.js', 'assets/forms.js'], moduleIds: ['/app/src/components/landing/AuthPanel.tsx'] },
      'assets/forms.js': { imports: ['assets/framework.js'] },
    }
    expect(preloadsOf(withLanding)['/']!.sort()).toEqual(['/assets/forms.js', '/assets/landing.js'])
    expect(preloadsOf(bundle)['/']).toBeUndefined()
  })

  it('writes the URLs under the build base', () => {
    expect(preloadsOf(bundle, '/learn/')['/topics/$id']).toContain('/learn/assets/viewer.js')
  })
})
