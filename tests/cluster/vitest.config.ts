import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * `npm run test:cluster`: two server processes over one PostgreSQL database and one S3 store (cluster.test.ts).
 * Apart from the main suites: it needs PostgreSQL, and .ci/run runs it only when PostgreSQL answers.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'cluster',
    globals: true,
    environment: 'node',
    include: ['tests/cluster/**/*.test.ts'],
    // Starting two servers (migrations, demo seed, scrypt) on a busy 2-core machine.
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
})
