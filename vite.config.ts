/// <reference types="vitest/config" />
import { constants as zlibConstants } from 'node:zlib'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { leanMantine, withoutDisplayNames } from './scripts/lean-mantine.ts'
import { themeStylesheetPlugin } from './scripts/theme-stylesheet.ts'
import { screenChunks } from './scripts/screen-chunks.ts'
import { routePreloads } from './scripts/route-preloads.ts'

const apiPort = Number(process.env.API_PORT ?? 3001)
const screens = screenChunks()

export default defineConfig({
  base: process.env.BASE_PATH ?? '/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader, components and pending/error views in one lazy chunk: one request per route, none of it in
      // the first load.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
    leanMantine(),
    withoutDisplayNames(),
    themeStylesheetPlugin(),
    screens.plugin,
    routePreloads(),
    // .br and .gz beside every text asset; the server sends the best one the client accepts (server/http/spa.ts).
    compression({
      include: /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
      threshold: 0,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // No preload lists in the entry for lazy routes (they cost '/' about 2 kB): a signed-in screen's chunk imports only the
    // shell and entry chunks, and the router asks for the shell's chunk and the screen's at once.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every screen runs, in one chunk (one request, one compression context) instead of a dozen small ones.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|hono)[\\/]/,
              priority: 3,
            },
            // The rest of what the entry imports (Mantine's core, the api layer) and what the landing panel shares with the
            // signed-in screens (Mantine's inputs and buttons) in one chunk too: a dozen sub-kilobyte chunks each pay their
            // own request and compression context. The panel's own code is a chunk that only '/' loads
            // (src/components/landing/LazyAuthPanel.tsx).
            { name: 'initial', test: screens.inEntry, priority: 2 },
            { name: 'landing', test: screens.inLanding, priority: 1.8 },
            // The router, Query and the route tree in one chunk, which the landing screen's first load does not ask
            // for (src/Root.tsx): what the app and the shell use of them, not what one screen alone does. After
            // `initial`: a group takes its modules' imports along, and the app imports much of the entry's.
            { name: 'app', test: screens.inApp, priority: 1.5 },
            // The signed-in screens: the shell and what two or more of the learner's screens share, then each screen's own.
            { name: 'shell', test: screens.inShell, priority: 1 },
            { name: screens.screenChunk, debugName: 'screens', priority: 0 },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      // React has useSyncExternalStore: TanStack's store takes the selector wrapper built on it, not the shim for older
      // React (the same API, 0.2 kB gzip less).
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
  test: {
    globals: true,
    // Vitest's default is one worker less than the cores: a single worker on these 2-core machines. The tests are
    // CPU-bound (PGlite, jsdom), so two workers halve the wall time (221 s → 129 s measured on an idle machine).
    maxWorkers: 2,
    globalSetup: ['server/test/global-setup.ts'],
    projects: [
      {
        extends: false,
        test: {
          name: 'server',
          globals: true,
          // Not inherited (extends: false); both projects share the root's two workers.
          maxWorkers: 2,
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // A worker runs its files one after the other on one database (server/test/database.ts); nothing in
          // the server keeps module state, so the files need no fresh module graph each.
          isolate: false,
          // Ceilings for a loaded machine, not expectations: a test ends as soon as its last condition holds.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'spa',
          environment: 'jsdom',
          include: ['tests/spa/**/*.test.tsx'],
          setupFiles: ['tests/support/setup.ts'],
          // Files share their worker's modules and database: each file would otherwise pay a fresh process, jsdom,
          // the Mantine and Tabler barrels, the route chunks and a PGlite boot before its first render.
          isolate: false,
          // Ceilings for a loaded machine, not expectations (see findBy's ceiling in tests/support/setup.ts).
          testTimeout: 60_000,
          // A worker's first beforeAll boots its database and imports every route chunk (tests/support/setup.ts).
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
