import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * `npm run test:process`: the real server as production runs it (`node server/index.ts` in a child process): its
 * first start and restarts, and a kill -9 in the middle of uploads. Apart from `npm test` because each case boots
 * fresh embedded databases in child processes (tens of seconds of CPU on a small machine); .ci/run runs it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'process',
    globals: true,
    environment: 'node',
    include: ['tests/process/**/*.test.ts'],
    // Ceilings for a busy 2-core machine, not expectations: each case ends as soon as its last condition holds.
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
})
