/**
 * What the benchmarks share: the real server started as a child process on a free port over a temporary
 * DATA_DIR (no demo data, a throw-away admin), JSON calls, and a sub-topic to upload into.
 *
 * The database is the embedded one (PGlite) unless BENCH_DATABASE_URL names a PostgreSQL server: each run then
 * creates a fresh database there, points the server at it, and drops it at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

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

/** A fresh PostgreSQL database on BENCH_DATABASE_URL's server for one run, and how to drop it. */
async function freshDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `learnpack_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  return {
    url: fresh.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** Which database the benchmarks run on, for their headings. */
export const DATABASE_LABEL = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite'

export interface RunningServer {
  base: string
  port: number
  /** The server process now running (another one after `restart`). */
  readonly child: ChildProcess
  dataDir: string
  token: string
  output(): string
  /** Stops the process and starts it again on the same port, data and database, with `env` instead of the first start's. */
  restart(env?: Record<string, string>): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts `node server/index.ts` with its data under `parentDir` (a fresh temporary directory when absent) and signs in
 * as admin. `databaseUrl` names a PostgreSQL database the caller made and drops (several servers may share it);
 * without it, a fresh database on BENCH_DATABASE_URL's server, or the embedded one.
 */
export async function startServer(
  options: { parentDir?: string; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(options.parentDir ?? tmpdir(), 'learnpack-bench-'))
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : process.env.BENCH_DATABASE_URL
      ? await freshDatabase(process.env.BENCH_DATABASE_URL)
      : undefined
  const port = await freePort()
  // Its own port for the SCORM content too: the default (PORT + 1) may be the port another instance was given.
  const contentPort = await freePort()
  const base = `http://127.0.0.1:${port}`
  const admin = { email: 'bench-admin@example.com', password: randomBytes(12).toString('base64url') }
  let output = ''
  const launch = (env: Record<string, string> = {}) => {
    // BENCH_SERVER_ARGS: Node flags for the server only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' (not allowed in NODE_OPTIONS).
    const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)
    const child = spawn(process.execPath, [...nodeArgs, 'server/index.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        SCORM_CONTENT_PORT: String(contentPort),
        SCORM_CONTENT_ORIGIN: `http://localhost:${contentPort}`,
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '', // the embedded database unless BENCH_DATABASE_URL
        S3_BUCKET: '', // and the local disk store
        S3_ACCESS_KEY_ID: '',
        S3_SECRET_ACCESS_KEY: '',
        SEED_DEMO: 'false',
        LOG_REQUESTS: 'false',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Never outlive this process, even when it dies of an uncaught error.
    const killOnExit = () => child.kill('SIGKILL')
    process.once('exit', killOnExit)
    child.once('exit', () => process.off('exit', killOnExit))
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    return child
  }
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(force)
  }
  const waitUntilUp = async (child: ChildProcess) => {
    const deadline = Date.now() + 300_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output}`)
      if (Date.now() > deadline) throw new Error(`The server did not start within 300 s:\n${output}`)
      const up = await fetch(`${base}/api/oauth2/hello`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) return
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  let child = launch(options.env)
  const stop = async () => {
    await halt(child)
    rmSync(dataDir, { recursive: true, force: true })
    await database?.drop()
  }
  try {
    await waitUntilUp(child)
    const { token } = await api<{ token: string }>(base, 'POST', '/api/oauth2/loginUser', admin)
    return {
      base,
      port,
      get child() {
        return child
      },
      dataDir,
      token, // still valid after a restart: the JWT secret is kept in DATA_DIR
      output: () => output,
      async restart(env) {
        await halt(child)
        child = launch(env)
        await waitUntilUp(child)
      },
      stop,
    }
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

/** A learner (registered through the API) holding `packageIds`, signed in: answers the id, a bearer token and the password. */
export async function signInLearner(server: RunningServer, packageIds: number[]): Promise<{ id: number; token: string; password: string }> {
  const learner = {
    name: 'Bench Learner',
    email: `bench-learner-${randomBytes(4).toString('hex')}@example.com`,
    password: randomBytes(12).toString('base64url'),
  }
  await api(server.base, 'POST', '/api/oauth2/registerUser', learner)
  const session = await api<{ token: string; user: { id: number } }>(server.base, 'POST', '/api/oauth2/loginUser', {
    email: learner.email,
    password: learner.password,
  })
  await api(server.base, 'PUT', `/api/user/${session.user.id}/assign-packages`, { packageIds }, server.token)
  return { id: session.user.id, token: session.token, password: learner.password }
}

/** Uploads the e2e clip (and its thumbnail) as a video of `subTopicId`; answers the video's id. */
/**
 * The e2e clip (3 s) as a lesson of `seconds`: its movie, track and media headers (`mvhd`, `tkhd`, `mdhd`, version 0)
 * rewritten to that duration. The server reads only the duration from a video, so the frames need not be there.
 */
function clipLasting(clip: Buffer, seconds: number): Buffer<ArrayBuffer> {
  const out = Buffer.alloc(clip.length)
  clip.copy(out)
  // Offsets from the box type to its duration field, and to its timescale (tkhd counts in the movie's timescale).
  const fields = { mvhd: { duration: 20, timescale: 16 }, tkhd: { duration: 24, timescale: null }, mdhd: { duration: 20, timescale: 16 } }
  const movieScale = out.readUInt32BE(out.indexOf('mvhd') + 16)
  for (const [type, at] of Object.entries(fields)) {
    for (let i = out.indexOf(type); i !== -1; i = out.indexOf(type, i + 4)) {
      if (out[i + 4] !== 0) throw new Error(`The clip's ${type} box is not version 0`)
      const scale = at.timescale === null ? movieScale : out.readUInt32BE(i + at.timescale)
      out.writeUInt32BE(seconds * scale, i + at.duration)
    }
  }
  return out
}

/** Uploads the e2e clip into `subTopicId`, as a lesson of `seconds` when given (else its own 3 s). */
export async function uploadClip(server: RunningServer, subTopicId: number, title = 'First lesson', seconds?: number): Promise<number> {
  const fixtures = path.join(ROOT, 'tests/e2e/fixtures')
  const clip: Buffer<ArrayBuffer> = readFileSync(path.join(fixtures, 'clip.mp4'))
  const body = new FormData()
  body.append('title', title)
  body.append('video', new Blob([seconds === undefined ? clip : clipLasting(clip, seconds)], { type: 'video/mp4' }), 'clip.mp4')
  body.append('thumbnail', new Blob([readFileSync(path.join(fixtures, 'thumbnail.png'))], { type: 'image/png' }), 'thumbnail.png')
  const res = await fetch(`${server.base}/api/videos/upload/${subTopicId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body,
  })
  const json = (await res.json()) as { data?: { id: number }; message?: string }
  if (res.status !== 201) throw new Error(`Video upload answered ${res.status}: ${json.message}`)
  return json.data!.id
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

/** CPU seconds (user + system) a process has used so far, all its threads and its main thread alone (Linux /proc; null elsewhere). */
export function cpuOf(pid: number): { all: number; main: number } | null {
  const seconds = (file: string) => {
    const stat = readFileSync(file, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime and stime, in clock ticks of 1/100 s
  }
  try {
    return { all: seconds(`/proc/${pid}/stat`), main: seconds(`/proc/${pid}/task/${pid}/stat`) }
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
