/**
 * Starting the real server for journeys and audits: builds the SPA when it is missing or older than its sources,
 * then runs `server/index.ts` on a temporary data directory and a free port, blanking the settings a developer's
 * shell may hold. Used by tests/e2e/run.ts and scripts/audit-lighthouse.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../..')

function newestMtime(entry: string): number {
  const full = path.join(root, entry)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(path.join(entry, name))))
}

/** Runs a command in the project root with inherited output; resolves to its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

export async function buildIfNeeded(label: string) {
  const built = path.join(root, 'dist/index.html')
  // Also the Vite plugins vite.config.ts imports (scripts/) and the installed packages' versions (package-lock.json).
  const sources = [
    'src',
    'contract',
    'public',
    'index.html',
    'vite.config.ts',
    'scripts',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ]
  if (existsSync(built) && Math.max(...sources.map(newestMtime)) <= statSync(built).mtimeMs) return
  console.log(`${label}: building the SPA…`)
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
  [
    'DATABASE_URL',
    'JWT_SECRET',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'GOOGLE_CLIENT_ID',
    'APP_URL',
    'SMTP_URL',
    'TRUST_PROXY',
    'SCORM_CONTENT_ORIGIN',
    'SCORM_CONTENT_PORT',
  ].map((name) => [name, '']),
)

export interface RunningServer {
  name: string
  url: string
  dataDir: string
  logFile: string
  child: ChildProcess
}

/**
 * Starts a server and adds it to `started` as soon as it is spawned (so a caller can stop it even when it never answers),
 * then waits up to 10 minutes (PGlite migrating on a shared, busy machine can take minutes) for GET /api/oauth2/hello.
 */
export async function startServer(name: string, env: Record<string, string>, started: RunningServer[]): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `learnpack-e2e-${name}-`))
  const port = await freePort()
  // SCORM packages play on another origin (another host name and port) than the app the browser opens.
  const contentPort = await freePort()
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
      APP_URL: `http://127.0.0.1:${port}`,
      SCORM_CONTENT_PORT: String(contentPort),
      SCORM_CONTENT_ORIGIN: `http://localhost:${contentPort}`,
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
  started.push(server)

  const deadline = Date.now() + 600_000
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
  throw new Error(`The ${name} server did not answer GET /api/oauth2/hello within 10 minutes (its output follows).`)
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

/** Stops the servers and removes their data directories; with `keepLogs`, prints each server's output first. */
export async function stopServers(servers: RunningServer[], keepLogs: boolean) {
  await Promise.all(servers.map(stopServer))
  for (const server of servers) {
    if (keepLogs && existsSync(server.logFile)) {
      console.log(`\n--- ${server.name} server output ---\n${readFileSync(server.logFile, 'utf8')}`)
    }
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}
