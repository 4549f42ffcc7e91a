/**
 * `npm run test:e2e`: builds the SPA when it is missing or older than its sources, starts the real server
 * (`server/index.ts`) on a temporary data directory and a free port, runs the Playwright journeys against it,
 * then stops the server and removes the directory. The exit code is Playwright's.
 *
 * Two servers are started: the main one (JWT_TTL 12h) and a second one with JWT_TTL=8s on its own data
 * directory, so the expired-token journey meets a token that has genuinely expired.
 * Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- --grep theme`.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildIfNeeded, root, run, type RunningServer, startServer, stopServers } from './server-process.ts'

const SHORT_TTL = '8s'
// Every journey registers from 127.0.0.1; the default of 20 an hour is for real clients.
const REGISTRATIONS_PER_HOUR = '1000'
const servers: RunningServer[] = []
// What the specs share within this run (the axe sweep's seed, see shared-seed.ts).
const sharedDir = mkdtempSync(path.join(tmpdir(), 'learnpack-e2e-shared-'))

let cleaned = false
async function cleanup(keepLogs: boolean) {
  if (cleaned) return
  cleaned = true
  await stopServers(servers, keepLogs)
  rmSync(sharedDir, { recursive: true, force: true })
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void cleanup(false).finally(() => process.exit(130))
  })
}

let exitCode = 1
try {
  await buildIfNeeded('e2e')
  const admin = { email: 'admin@e2e.test', password: randomBytes(12).toString('base64url') }
  const [main, shortTtl] = await Promise.all([
    // The timed jobs every 2 s, not every minute: the axe sweep's seed waits for the scheduler to begin a renewal.
    startServer(
      'main',
      { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, REGISTRATIONS_PER_HOUR, SCHEDULER_TICK_S: '2' },
      servers,
    ),
    startServer('short-ttl', { JWT_TTL: SHORT_TTL, REGISTRATIONS_PER_HOUR }, servers),
  ])
  console.log(`e2e: server at ${main.url}, short-TTL (${SHORT_TTL}) server at ${shortTtl.url}`)

  exitCode = await run(
    process.execPath,
    [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)],
    {
      ...process.env,
      E2E_BASE_URL: main.url,
      E2E_SHORT_TTL_URL: shortTtl.url,
      E2E_SHORT_TTL_SECONDS: String(Number.parseInt(SHORT_TTL, 10)),
      E2E_DATA_DIR: main.dataDir,
      E2E_SHARED_DIR: sharedDir,
      E2E_ADMIN_EMAIL: admin.email,
      E2E_ADMIN_PASSWORD: admin.password,
    },
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await cleanup(exitCode !== 0)
}
process.exit(exitCode)
