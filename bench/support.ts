/**
 * What the benchmarks share: the real server started as a child process on a free port over a temporary
 * DATA_DIR (embedded database, no demo data, a throw-away admin), JSON calls, and a sub-topic to upload into.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  base: string
  port: number
  child: ChildProcess
  dataDir: string
  token: string
  output(): string
  stop(): Promise<void>
}

/** Starts `node server/index.ts` with its data under `parentDir` (a fresh temporary directory when absent) and signs in as admin. */
export async function startServer(options: { parentDir?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(options.parentDir ?? tmpdir(), 'learnpack-bench-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const admin = { email: 'bench-admin@example.com', password: randomBytes(12).toString('base64url') }
  let output = ''
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '', // always the embedded database
      S3_BUCKET: '', // and the local disk store
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      SEED_DEMO: 'false',
      LOG_REQUESTS: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Never outlive this process, even when it dies of an uncaught error.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  child.once('exit', () => process.off('exit', killOnExit))
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(force)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const deadline = Date.now() + 120_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output}`)
      if (Date.now() > deadline) throw new Error(`The server did not start within 120 s:\n${output}`)
      const up = await fetch(`${base}/api/oauth2/hello`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const { token } = await api<{ token: string }>(base, 'POST', '/api/oauth2/loginUser', admin)
    return { base, port, child, dataDir, token, output: () => output, stop }
  } catch (err) {
    await stop()
    throw err
  }
}

export async function api<T>(base: string, method: string, urlPath: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { data?: T; message?: string }
  if (!res.ok) throw new Error(`${method} ${urlPath} → ${res.status}: ${json.message}`)
  return json.data as T
}

/** A package with one skill and one topic holding `count` sub-topics, created through the API; answers their ids. */
export async function createSubTopics(server: RunningServer, count: number): Promise<number[]> {
  const pkg = await api<{ skills: { id: number }[] }>(
    server.base,
    'POST',
    '/api/packages/createPackage',
    {
      title: 'Benchmark package',
      description: 'Created by a benchmark',
      price: '1.00',
      skills: [{ title: 'Benchmark skill', description: 'Created by a benchmark', price: '1.00' }],
    },
    server.token,
  )
  const topic = await api<{ subTopics: { id: number }[] }>(
    server.base,
    'POST',
    '/api/topic/addTopic',
    {
      skillId: pkg.skills[0]!.id,
      title: 'Benchmark topic',
      description: 'Created by a benchmark',
      subTopics: Array.from({ length: count }, (_, i) => ({
        title: `Benchmark sub-topic ${i + 1}`,
        description: 'Created by a benchmark',
      })),
    },
    server.token,
  )
  return topic.subTopics.map((s) => s.id)
}

/** The resident set size of a process in bytes (Linux /proc; null elsewhere). */
export function rssOf(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : null
  } catch {
    return null
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const MiB = 1024 * 1024
