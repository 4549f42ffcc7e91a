import { screenChunks } from './screen-chunks.ts'

const root = '/app'
const split = (route: string) => `${root}/src/routes/${route}?tsr-split=component---loader`
const barrel = `${root}/node_modules/@mantine/core/esm/index.mjs`
const mantine = (name: string) => `${root}/node_modules/@mantine/core/esm/components/${name}/${name}.mjs`

interface Module {
  importedIds: string[]
  isEntry?: boolean
  code?: string
}

/** Runs the plugin over a module graph, as the build does once every module is loaded. */
function chunksOf(modules: Record<string, Module>) {
  const { plugin, inEntry, inLanding, inApp, inShell, screenChunk } = screenChunks()
  const graph = {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const m = modules[id]
      return m ? { importedIds: m.importedIds, isEntry: m.isEntry ?? false, code: m.code ?? null } : null
    },
  }
  ;(plugin.buildEnd as unknown as (this: typeof graph) => void).call(graph)
  return (id: string) => (inEntry(id) ? 'initial' : inLanding(id) ? 'landing' : inApp(id) ? 'app' : inShell(id) ? 'shell' : screenChunk(id))
}

const barrelCode = ['Button', 'Table', 'Modal', 'Card', 'PasswordInput', 'TextInput']
  .map((name) => `import { ${name} } from "./components/${name}/${name}.mjs";`)
  .join('\n')

describe('chunks by screen', () => {
  const modules: Record<string, Module> = {
    [`${root}/src/main.tsx`]: { isEntry: true, importedIds: [`${root}/src/landing.tsx`] },
    // The app, which the entry imports on demand; its route file imports the landing screen and what a screen shares.
    [`${root}/src/App.tsx`]: { importedIds: [`${root}/src/routeTree.gen.ts`] },
    [`${root}/src/routeTree.gen.ts`]: { importedIds: [`${root}/src/landing.tsx`, `${root}/src/route-schemas.ts`] },
    [`${root}/src/route-schemas.ts`]: { importedIds: [] },
    [`${root}/src/landing.tsx`]: { importedIds: [barrel], code: `import { Button } from "@mantine/core";` },
    [barrel]: { importedIds: ['Button', 'Table', 'Modal', 'Card', 'PasswordInput', 'TextInput'].map(mantine), code: barrelCode },
    [mantine('PasswordInput')]: { importedIds: [] },
    [mantine('TextInput')]: { importedIds: [] },
    // The landing panel, which the entry and the app load on demand (not among anyone's static imports).
    [`${root}/src/components/landing/AuthPanel.tsx`]: {
      importedIds: [barrel, `${root}/src/components/landing/SignInForm.tsx`],
      code: `import { PasswordInput, TextInput, Button } from "@mantine/core";`,
    },
    [`${root}/src/components/landing/SignInForm.tsx`]: { importedIds: [] },
    [mantine('Button')]: { importedIds: [] },
    [mantine('Table')]: { importedIds: [] },
    [mantine('Modal')]: { importedIds: [] },
    [mantine('Card')]: { importedIds: [] },
    [split('_shell.tsx')]: { importedIds: [`${root}/src/Shell.tsx`] },
    [`${root}/src/Shell.tsx`]: { importedIds: [barrel], code: `import { Button, Modal } from "@mantine/core";` },
    [split('_shell/topics/$id.tsx')]: { importedIds: [`${root}/src/Viewer.tsx`, `${root}/src/shared.ts`, `${root}/src/route-schemas.ts`] },
    [`${root}/src/Viewer.tsx`]: { importedIds: [barrel], code: `import { Table, type TableProps, TextInput } from "@mantine/core";` },
    [split('_shell/mcq-test/$subTopicIds.tsx')]: { importedIds: [`${root}/src/Test.tsx`, `${root}/src/shared.ts`] },
    [`${root}/src/Test.tsx`]: { importedIds: [barrel], code: `import { Table as T } from "@mantine/core";` },
    [`${root}/src/shared.ts`]: { importedIds: [] },
    [split('_shell/_admin/reports.tsx')]: { importedIds: [barrel], code: `import { Card } from "@mantine/core";` },
  }
  const chunkOf = chunksOf(modules)

  it("puts a module only one screen imports into that screen's chunk", () => {
    expect(chunkOf(`${root}/src/Viewer.tsx`)).toBe('viewer')
    expect(chunkOf(split('_shell/topics/$id.tsx'))).toBe('viewer')
    expect(chunkOf(`${root}/src/Test.tsx`)).toBe('test')
  })

  it('puts what the shell imports, and what two screens share, into the shell chunk', () => {
    expect(chunkOf(`${root}/src/Shell.tsx`)).toBe('shell')
    expect(chunkOf(mantine('Modal'))).toBe('shell')
    expect(chunkOf(`${root}/src/shared.ts`)).toBe('shell')
  })

  it('looks through a barrel to the modules of the names imported, aliases and type imports included', () => {
    // Viewer and Test both name Table (Test under an alias): shared. Card comes only with an unnamed screen.
    expect(chunkOf(mantine('Table'))).toBe('shell')
    expect(chunkOf(mantine('Card'))).toBeNull()
  })

  it("puts what the entry imports into the entry's chunk, and leaves unnamed screens to automatic chunking", () => {
    expect(chunkOf(mantine('Button'))).toBe('initial')
    expect(chunkOf(`${root}/src/main.tsx`)).toBe('initial')
    expect(chunkOf(split('_shell/_admin/reports.tsx'))).toBeNull()
  })

  it("puts what only the landing panel needs into its chunk, and what a named screen shares with it into the entry's", () => {
    expect(chunkOf(`${root}/src/components/landing/AuthPanel.tsx`)).toBe('landing')
    expect(chunkOf(`${root}/src/components/landing/SignInForm.tsx`)).toBe('landing')
    expect(chunkOf(mantine('PasswordInput'))).toBe('landing')
    expect(chunkOf(mantine('TextInput'))).toBe('initial')
  })

  it("puts what the app adds to the entry into the app chunk, not a screen's, and leaves the entry's modules to it", () => {
    expect(chunkOf(`${root}/src/App.tsx`)).toBe('app')
    expect(chunkOf(`${root}/src/routeTree.gen.ts`)).toBe('app')
    expect(chunkOf(`${root}/src/route-schemas.ts`)).toBe('app')
    expect(chunkOf(`${root}/src/landing.tsx`)).toBe('initial')
  })
})

describe("the app chunk's share of the router and Query", () => {
  const query = (file: string) => `${root}/node_modules/@tanstack/react-query/build/modern/${file}`
  const core = (file: string) => `${root}/node_modules/@tanstack/query-core/build/modern/${file}`
  const modules: Record<string, Module> = {
    [`${root}/src/main.tsx`]: { isEntry: true, importedIds: [] },
    [`${root}/src/App.tsx`]: {
      importedIds: [query('index.js')],
      code: `import { QueryClient, QueryClientProvider } from "@tanstack/react-query";`,
    },
    [query('index.js')]: {
      importedIds: [query('QueryClientProvider.js'), query('useQueries.js'), query('useMutation.js'), core('index.js')],
      code: [
        'import { QueryClientProvider } from "./QueryClientProvider.js";',
        'import { useQueries } from "./useQueries.js";',
        'import { useMutation } from "./useMutation.js";',
        'export * from "@tanstack/query-core";',
      ].join('\n'),
    },
    [core('index.js')]: {
      importedIds: [core('queryClient.js'), core('queriesObserver.js'), core('mutationObserver.js')],
      code: [
        'import { QueryClient } from "./queryClient.js";',
        'import { QueriesObserver } from "./queriesObserver.js";',
        'import { MutationObserver } from "./mutationObserver.js";',
      ].join('\n'),
    },
    [query('QueryClientProvider.js')]: { importedIds: [] },
    [query('useQueries.js')]: { importedIds: [core('queriesObserver.js')] },
    [query('useMutation.js')]: { importedIds: [core('mutationObserver.js')] },
    [core('queryClient.js')]: { importedIds: [] },
    [core('queriesObserver.js')]: { importedIds: [] },
    [core('mutationObserver.js')]: { importedIds: [] },
    [split('_shell.tsx')]: { importedIds: [query('index.js')], code: `import { useMutation } from "@tanstack/react-query";` },
    [split('_shell/user/my-dashboard.tsx')]: {
      importedIds: [query('index.js')],
      code: `import { useQueries, type QueryKey } from "@tanstack/react-query";`,
    },
  }
  const chunkOf = chunksOf(modules)

  it('holds what the app imports, names re-exported from another package included', () => {
    expect(chunkOf(query('QueryClientProvider.js'))).toBe('app')
    expect(chunkOf(core('queryClient.js'))).toBe('app')
  })

  it('holds what the shell adds of them, and leaves what one screen alone uses to that screen', () => {
    expect(chunkOf(query('useMutation.js'))).toBe('app')
    expect(chunkOf(core('mutationObserver.js'))).toBe('app')
    expect(chunkOf(query('useQueries.js'))).toBe('learner-home')
    expect(chunkOf(core('queriesObserver.js'))).toBe('learner-home')
  })
})
