/**
 * `npm run test:e2e`: builds the SPA when it is missing or older than its sources, starts the real server
 * (`server/index.ts`) on a temporary data directory and a free port, runs the Playwright journeys against it,
 * then stops the server and removes the directory. The exit code is Playwright's.
 *
 * Two servers are started: the main one (JWT_TTL 12h) and a second one with JWT_TTL=3s on its own data
 * directory, so the expired-token journey meets a token that has genuinely expired.
 * Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- --grep theme`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const SHORT_TTL = '3s'

function newestMtime(entry: string): number {
  const full = path.join(root, entry)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(path.join(entry, name))))
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function buildIfNeeded() {
  const built = path.join(root, 'dist/index.html')
  const sources = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package.json']
  if (existsSync(built) && Math.max(...sources.map(newestMtime)) <= statSync(built).mtimeMs) return
  console.log('e2e: building the SPA…')
  const code = await run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'])
  if (code !== 0) throw new Error(`vite build failed (exit ${code})`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

const BLANK = Object.fromEntries(
  ['DATABASE_URL', 'JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'GOOGLE_CLIENT_ID', 'APP_URL', 'SMTP_URL', 'TRUST_PROXY'].map((name) => [
    name,
    '',
  ]),
)

interface RunningServer {
  name: string
  url: string
  dataDir: string
  logFile: string
  child: ChildProcess
}

const servers: RunningServer[] = []

async function startServer(name: string, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `learnpack-e2e-${name}-`))
  const port = await freePort()
  const logFile = path.join(dataDir, 'server.log')
  const log = createWriteStream(logFile)
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Settings a developer's shell may hold are blanked, so every run meets the same fresh server.
    env: {
      ...process.env,
      ...BLANK,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_REQUESTS: 'false',
      JWT_TTL: '12h',
      ...env,
    },
  })
  child.stdout!.pipe(log)
  child.stderr!.pipe(log)
  const server = { name, url: `http://127.0.0.1:${port}`, dataDir, logFile, child }
  servers.push(server)

  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break
    try {
      const response = await fetch(`${server.url}/api/oauth2/hello`)
      if (response.ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`The ${name} server did not answer GET /api/oauth2/hello within 60 s (its output follows).`)
}

function stopServer(server: RunningServer): Promise<void> {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

let cleaned = false
async function cleanup(keepLogs: boolean) {
  if (cleaned) return
  cleaned = true
  await Promise.all(servers.map(stopServer))
  for (const server of servers) {
    if (keepLogs && existsSync(server.logFile)) {
      console.log(`\n--- ${server.name} server output ---\n${readFileSync(server.logFile, 'utf8')}`)
    }
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void cleanup(false).finally(() => process.exit(130))
  })
}

let exitCode = 1
try {
  await buildIfNeeded()
  const admin = { email: 'admin@e2e.test', password: randomBytes(12).toString('base64url') }
  const [main, shortTtl] = await Promise.all([
    startServer('main', { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
    startServer('short-ttl', { JWT_TTL: SHORT_TTL }),
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
