/**
 * Benchmark: GET /api/packages/{id} for a 10 skills × 10 topics × 10 sub-topics package (1,000 sub-topics)
 * against the real server on the embedded database, next to GET /api/oauth2/hello on the same server.
 *
 *   npm run bench:tree            (or: node bench/package-tree.ts, with Node 24)
 *
 * Options through the environment: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10).
 * See bench/README.md for how to read the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result } from 'autocannon'

const SKILLS = 10
const TOPICS = 10
const SUB_TOPICS = 10
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const ROOT = fileURLToPath(new URL('..', import.meta.url))

function freePort(): Promise<number> {
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

async function waitUntilUp(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`)
    try {
      const res = await fetch(`${base}/api/oauth2/hello`)
      if (res.ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`The server did not start within 60 s:\n${output()}`)
}

async function api<T>(base: string, method: string, urlPath: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { data?: T; message?: string }
  if (!res.ok) throw new Error(`${method} ${urlPath} → ${res.status}: ${json.message}`)
  return json.data as T
}

interface Tree {
  id: number
  skills: { id: number; topics: { subTopics: unknown[] }[] }[]
}

async function buildPackage(base: string, token: string): Promise<number> {
  const pkg = await api<Tree>(base, 'POST', '/api/packages/createPackage', {
    title: 'Benchmark package',
    description: `${SKILLS} skills × ${TOPICS} topics × ${SUB_TOPICS} sub-topics`,
    price: '999.99',
    skills: Array.from({ length: SKILLS }, (_, s) => ({ title: `Skill ${s + 1}`, description: `Description of skill ${s + 1}`, price: '99.99' })),
  }, token)
  for (const [s, skill] of pkg.skills.entries()) {
    await api(base, 'PUT', `/api/topic/by-skill/${skill.id}`, {
      topics: Array.from({ length: TOPICS }, (_, t) => ({
        title: `Topic ${s + 1}.${t + 1}`,
        description: `What topic ${s + 1}.${t + 1} covers, in a sentence or two of realistic length.`,
        subTopics: Array.from({ length: SUB_TOPICS }, (_, u) => ({
          title: `Sub-topic ${s + 1}.${t + 1}.${u + 1}`,
          description: `What sub-topic ${s + 1}.${t + 1}.${u + 1} covers, in a sentence or two of realistic length.`,
        })),
      })),
    }, token)
  }
  const tree = await api<Tree>(base, 'GET', `/api/packages/${pkg.id}`, undefined, token)
  const subTopics = tree.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics)).length
  if (subTopics !== SKILLS * TOPICS * SUB_TOPICS) throw new Error(`Expected ${SKILLS * TOPICS * SUB_TOPICS} sub-topics, got ${subTopics}`)
  return pkg.id
}

async function load(title: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // A generous per-request timeout: a slow answer counts in the latency figures instead of vanishing as an error.
  const instance = autocannon({ title, url, headers, connections: CONNECTIONS, duration: DURATION, timeout: 60 })
  const errors = new Map<string, number>()
  instance.on('reqError', (error) => errors.set(error.message, (errors.get(error.message) ?? 0) + 1))
  const result = await instance
  if (result.non2xx) throw new Error(`${title}: ${result.non2xx} non-2xx responses (${JSON.stringify(result.statusCodeStats)})`)
  if (result.errors) console.warn(`${title}: ${result.errors} request errors: ${JSON.stringify(Object.fromEntries(errors))}`)
  return result
}

// autocannon schedules a timer with a negative delay at the end of a run; Node warns about it. Nothing to act on.
process.removeAllListeners('warning')
process.on('warning', (warning) => {
  if (warning.name !== 'TimeoutNegativeWarning') console.warn(warning)
})

/** Waits until the server answers a hello within 50 ms, i.e. it has worked off requests left from a run. */
async function drain(base: string) {
  for (let i = 0; i < 600; i++) {
    const started = performance.now()
    await fetch(`${base}/api/oauth2/hello`).then((r) => r.text())
    if (performance.now() - started < 50) return
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'learnpack-bench-'))
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
      SEED_DEMO: 'false',
      LOG_REQUESTS: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
    await waitUntilUp(base, child, () => output)
    const { token } = await api<{ token: string }>(base, 'POST', '/api/oauth2/loginUser', admin)
    console.log(`Server up on ${base} (embedded PGlite, Node ${process.version}). Building the ${SKILLS}×${TOPICS}×${SUB_TOPICS} package through the API…`)
    const started = performance.now()
    const packageId = await buildPackage(base, token)
    const bytes = (await (await fetch(`${base}/api/packages/${packageId}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()).byteLength
    console.log(`Package ${packageId} built in ${Math.round(performance.now() - started)} ms; its tree response is ${(bytes / 1024).toFixed(0)} KiB.`)

    console.log(`Load: ${CONNECTIONS} connections for ${DURATION} s each…`)
    // hello first: it leaves no backlog. The tree run can (requests still queued when autocannon stops).
    const hello = await load('GET /api/oauth2/hello', `${base}/api/oauth2/hello`)
    await drain(base)
    const tree = await load('GET /api/packages/{id}', `${base}/api/packages/${packageId}`, { authorization: `Bearer ${token}` })
    await drain(base)

    const row = (r: Result) => ({
      'requests/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      requests: r.requests.total,
      errors: r.errors,
    })
    console.table({ [hello.title!]: row(hello), [tree.title!]: row(tree) })
    const ratio = tree.requests.average / hello.requests.average
    console.log(`hello ${Math.round(hello.requests.average)} req/s, p99 ${hello.latency.p99} ms`)
    console.log(`tree  ${Math.round(tree.requests.average)} req/s, p99 ${tree.latency.p99} ms`)
    console.log(`ratio tree/hello: ${ratio.toFixed(4)} (1 in ${Math.round(1 / ratio)})`)
  } catch (err) {
    if (output) console.error(`Server output:\n${output}`)
    throw err
  } finally {
    await stop()
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
