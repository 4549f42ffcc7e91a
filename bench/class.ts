/**
 * Benchmark: how many learners one box serves. N simulated learners (each signed in once, before any timed step)
 * work through the same loop at once, open loop: every request leaves at its own scheduled time whether or not
 * the server has answered the ones before, and its latency counts from that time, so queueing shows.
 *
 *   npm run bench:class                       (N = 100, 300, 1000, 3000; 30 s each; the embedded database)
 *   npm run bench:class -- --n 100,300 --duration 20
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:class [-- --instances 2]
 *
 * Options: --n (steps), --duration (seconds per step), --instances (1, or 2 on one PostgreSQL database),
 * --sign-in mint|api, --profile N|off, --database (the PostgreSQL database to drop and create, bench_class).
 * See bench/README.md for what it simulates and how to read it.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import pg from 'pg'
import { Pool } from 'undici'
import { createTokenService } from '../server/auth/tokens.ts'
import { api, startServer, uploadClip, type RunningServer } from './support.ts'
import { printProfileSummary } from './cpu-profile-summary.ts'

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '100,300,1000,3000' },
    duration: { type: 'string', default: '30' },
    instances: { type: 'string', default: '1' },
    'sign-in': { type: 'string', default: 'mint' },
    profile: { type: 'string', default: 'capacity' },
    database: { type: 'string', default: 'bench_class' },
  },
})
const STEPS = args.n
  .split(',')
  .map(Number)
  .sort((a, b) => a - b)
const DURATION_S = Number(args.duration)
const INSTANCES = Number(args.instances)
const SIGN_IN = args['sign-in']
const MAX_N = Math.max(...STEPS)
if (STEPS.some((n) => !Number.isInteger(n) || n < 1) || !(DURATION_S > 0)) throw new Error('--n takes whole numbers, --duration seconds')
if (SIGN_IN !== 'mint' && SIGN_IN !== 'api') throw new Error('--sign-in is mint or api')
if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('--instances is 1 or 2')
if (INSTANCES > 1 && !process.env.BENCH_DATABASE_URL)
  throw new Error('--instances 2 needs BENCH_DATABASE_URL (PGlite lives inside one server)')

/** What the capacity asks of a step. */
const P99_LIMIT_MS = 300
/** A step this far over (p99), or with more than 5 % errors, ends the climb. */
const FAR_OVER_MS = 10 * P99_LIMIT_MS
/** Connections per server instance: a learner's browser keeps its own, but thousands would only measure the generator. */
const CONNECTIONS = 256
const BROWSER = { 'accept-encoding': 'br, gzip' }
const PACKAGE_TITLE = 'Class benchmark package'
const QUESTIONS = 10
/**
 * The lesson lasts 10 minutes and each learner carries on where they left off (from a random point at the start), 15 s
 * a heartbeat: lessons are finished at the pace a class finishes them. (With the 3 s clip itself, every learner's first
 * heartbeat finished it, so each step held as many completions as learners new to it.)
 */
const LESSON_S = 600
const HEARTBEAT_S = 15

/**
 * One learner's loop, 120 s, 14 requests (0.117 requests/s): the home (their packages), the package tree, the
 * lesson's video URL, a progress heartbeat every 15 s while watching, then a test: start a sitting, autosave every
 * 10 s, submit.
 */
type Kind = 'home' | 'tree' | 'video' | 'heartbeat' | 'start' | 'autosave' | 'submit'
const CYCLE_S = 120
const LOOP: { at: number; kind: Kind }[] = [
  { at: 0, kind: 'home' },
  { at: 0.5, kind: 'tree' },
  { at: 1, kind: 'video' },
  ...[15, 30, 45, 60].map((at) => ({ at, kind: 'heartbeat' as const })),
  { at: 62, kind: 'start' },
  ...[72, 82, 92, 102, 112].map((at) => ({ at, kind: 'autosave' as const })),
  { at: 118, kind: 'submit' },
]

interface Seed {
  packageId: number
  videoId: number
  quizSubTopicId: number
}
interface Learner {
  index: number
  token: string
  /** Where the learner's next heartbeat ends, in seconds of the lesson (a multiple of HEARTBEAT_S). */
  position: number
  etag?: string
  /** The sitting of this step's test, once its start has been sent. */
  sitting?: Promise<Sitting | null>
  /** The learner's last test request: the next one leaves after it has answered (as one test page sends them). */
  testChain?: Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

/** The package the class learns: a lesson with the e2e clip and a quiz of 10 questions that allows any number of attempts. */
async function seedPackage(server: RunningServer): Promise<Seed> {
  const { base, token } = server
  const pkg = await api<{ id: number; skills: { id: number }[] }>(
    base,
    'POST',
    '/api/packages/createPackage',
    {
      title: PACKAGE_TITLE,
      description: 'Seeded by bench/class.ts',
      price: '10.00',
      skills: [{ title: 'Class skill', description: 'One skill', price: '10.00' }],
    },
    token,
  )
  const saved = await api<{ topics: { subTopics: { id: number }[] }[] }>(
    base,
    'PUT',
    `/api/topic/by-skill/${pkg.skills[0]!.id}`,
    {
      topics: [
        {
          title: 'Class topic',
          description: 'A lesson and its quiz',
          subTopics: [
            { title: 'Lesson', description: 'The video' },
            { title: 'Quiz', description: 'The test' },
          ],
        },
      ],
    },
    token,
  )
  const [lesson, quiz] = saved.topics[0]!.subTopics
  const videoId = await uploadClip(server, lesson!.id, 'First lesson', LESSON_S)
  for (let i = 1; i <= QUESTIONS; i++)
    await api(
      base,
      'POST',
      '/api/mcqs/create',
      {
        subTopicId: quiz!.id,
        question: `Question ${i} of the class quiz: which option is right?`,
        options: JSON.stringify({ A: `Right ${i}`, B: `Wrong ${i}`, C: `Also wrong ${i}` }),
        correctOption: 'A',
      },
      token,
    )
  await api(base, 'PUT', `/api/subTopic/${quiz!.id}/test-settings`, { maxAttempts: 0, timeLimitMinutes: 0, passMark: 60 }, token)
  return { packageId: pkg.id, videoId, quizSubTopicId: quiz!.id }
}

const learnerEmail = (i: number) => `class.learner.${i}@example.com`

/**
 * Rows per user import. On the embedded database an import of 2,500 new accounts or more answers 500 (PGlite's
 * "unnamed prepared statement does not exist") where 1,000 succeed, so the class is imported in files of 1,000.
 */
const IMPORT_ROWS = 1000

/** MAX_N learners holding the package, through the bulk user import (as an organisation would add them). */
async function importLearners(server: RunningServer) {
  for (let first = 0; first < MAX_N; first += IMPORT_ROWS) {
    const count = Math.min(IMPORT_ROWS, MAX_N - first)
    const rows = Array.from({ length: count }, (_, i) => `${learnerEmail(first + i)},Class Learner ${first + i},Learner,,${PACKAGE_TITLE}`)
    const csv = `Email,Name,Role,Groups,Packages\r\n${rows.join('\r\n')}\r\n`
    const body = new FormData()
    body.append('file', new Blob([csv], { type: 'text/csv' }), 'class.csv')
    const res = await fetch(`${server.base}/api/user/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      body,
    })
    const json = (await res.json()) as { data?: { created: number; errors: unknown[] }; message?: string }
    if (!res.ok || json.data!.created !== count || json.data!.errors.length)
      throw new Error(`User import answered ${res.status}: ${json.message} ${JSON.stringify(json.data?.errors?.slice(0, 3))}`)
  }
}

/**
 * A session per learner. 'api': each accepts its invitation (POST /api/user/accept-invitation: sets the password,
 * one scrypt like a sign-in, answers a session), 4 at a time. 'mint': the session token the sign-in would answer,
 * signed here with the servers' JWT_SECRET (the same claims: id, role, session version 0 of a new account).
 */
async function sessions(server: RunningServer, jwtSecret: string): Promise<string[]> {
  const started = performance.now()
  let tokens: string[]
  if (SIGN_IN === 'mint') {
    const people = await api<{ id: number; email: string }[]>(server.base, 'GET', '/api/user/all', undefined, server.token)
    const ids = new Map(people.map((p) => [p.email, p.id]))
    const service = createTokenService(jwtSecret, 86_400, () => new Date())
    tokens = await Promise.all(
      Array.from({ length: MAX_N }, (_, i) => {
        const userId = ids.get(learnerEmail(i))
        if (!userId) throw new Error(`No account for ${learnerEmail(i)}`)
        return service.sign({ userId, role: 'USER' })
      }),
    )
  } else {
    // The invitation links, from the mails the server wrote to its outbox (and logged).
    const links = new Map<string, string>()
    for (const line of server.output().split('\n')) {
      if (!line.includes('mail written to outbox')) continue
      const mail = JSON.parse(line) as { to: string; body: string }
      const token = /accept-invite\?token=([^\s"]+)/.exec(mail.body)?.[1]
      if (token) links.set(mail.to, decodeURIComponent(token))
    }
    tokens = new Array(MAX_N)
    await eachLimited(
      Array.from({ length: MAX_N }, (_, i) => i),
      4,
      async (i) => {
        const token = links.get(learnerEmail(i))
        if (!token) throw new Error(`No invitation mail for ${learnerEmail(i)}`)
        const session = await api<{ token: string }>(server.base, 'POST', '/api/user/accept-invitation', {
          token,
          password: `Bench-${randomBytes(9).toString('base64url')}`,
        })
        tokens[i] = session.token
      },
    )
  }
  const seconds = (performance.now() - started) / 1000
  console.log(
    `${MAX_N} sessions (${SIGN_IN === 'api' ? 'each through POST /api/user/accept-invitation, 4 at a time' : 'minted with the servers’ key'}) in ${seconds.toFixed(1)} s` +
      (SIGN_IN === 'api' ? ` (${(MAX_N / seconds).toFixed(1)} password hashes/s).` : '.'),
  )
  return tokens
}

/**
 * What the SPA does right after a sign-in: it reads the learner's home. Sessions are made before the timed steps,
 * so this read is made there too (16 at a time, on the instance that serves the learner); without it almost every
 * home in a step would be that learner's first read since signing in, which a real class pays once at sign-in.
 */
async function readHomes(learners: Learner[], pools: Pool[]) {
  const started = performance.now()
  await eachLimited(learners, 16, async (learner) => {
    const res = await pools[learner.index % pools.length]!.request({
      method: 'GET',
      path: '/api/user/getUserByEmail',
      headers: { authorization: `Bearer ${learner.token}`, ...BROWSER },
    })
    await res.body.arrayBuffer()
    if (res.statusCode !== 200) throw new Error(`The home after sign-in answered ${res.statusCode}`)
  })
  console.log(
    `${learners.length} homes read once each, as the SPA does after signing in, in ${((performance.now() - started) / 1000).toFixed(1)} s (outside the timed steps).`,
  )
}

type Sitting = { id: string; questionIds: number[] }
const sittingOf = (json: unknown): Sitting | null => {
  const data = (json as { data?: { sittingId: string; questions: { id: number }[] } } | undefined)?.data
  return data ? { id: data.sittingId, questionIds: data.questions.map((q) => q.id) } : null
}

/** Opens the sittings of the learners a step meets in the middle of a test, before its window (16 at a time). */
async function openSittings(midTest: Learner[], pools: Pool[], seed: Seed) {
  const started = performance.now()
  await eachLimited(midTest, 16, async (learner) => {
    const res = await pools[learner.index % pools.length]!.request({
      method: 'POST',
      path: '/api/mcq-attempts/start',
      headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json', ...BROWSER },
      body: JSON.stringify({ subTopicIds: [seed.quizSubTopicId] }),
    })
    const bytes = Buffer.from(await res.body.arrayBuffer())
    const sitting = res.statusCode < 300 ? sittingOf(jsonOf(bytes, res.headers['content-encoding'])) : null
    if (!sitting) throw new Error(`Opening a sitting before the step answered ${res.statusCode}`)
    learner.sitting = Promise.resolve(sitting)
  })
  console.log(
    `  ${midTest.length} learners in the middle of a test had their sittings opened in ${((performance.now() - started) / 1000).toFixed(1)} s (outside the timed step).`,
  )
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime and stime, in clock ticks of 1/100 s
  } catch {
    return 0
  }
}

/** Busy and total CPU time of the whole machine so far, from /proc/stat (idle and iowait are not busy). */
function machineTicks(): { busy: number; total: number } {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
    const ticks = fields.slice(0, 8).map(Number)
    const total = ticks.reduce((a, b) => a + b, 0)
    return { busy: total - ticks[3]! - ticks[4]!, total }
  } catch {
    return { busy: 0, total: 0 }
  }
}

/** The PostgreSQL backends serving `database` (their pids, to read their CPU from /proc), minus this monitor's own. */
async function backendPids(monitor: pg.Client | undefined, database: string): Promise<number[]> {
  if (!monitor) return []
  const { rows } = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    database,
  ])
  return rows.map((r) => r.pid)
}

/** A JSON answer as a browser reads it: decompressed as its Content-Encoding says. */
function jsonOf(bytes: Buffer, encoding: string | string[] | undefined): unknown {
  if (!bytes.length) return undefined
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
  return JSON.parse(plain.toString('utf8'))
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0

interface StepResult {
  n: number
  requests: number
  rps: number
  p50: number
  p99: number
  max: number
  errors: number
  serverCpu: number
  dbCpu: number | null
  generatorCpu: number
  generatorLagP99: number
  /** CPU time per answered request, idle CPU taken off: what the load costs, much less sensitive to a busy machine than latency. */
  serverCpuMsPerRequest: number
  dbCpuMsPerRequest: number | null
  /** The whole machine's busy share over the window (all processes, every CPU). */
  machineBusy: number
  drainS: number
  byKind: Map<Kind, number[]>
  errorSamples: Map<string, number>
  /** The timed window on the monotonic clock, in microseconds (to cut a CPU profile to it). */
  window: { fromUs: number; toUs: number }
}

/** One timed step: the first `n` learners run the loop for DURATION_S, each from a random point of it. */
async function runStep(
  n: number,
  learners: Learner[],
  servers: RunningServer[],
  pools: Pool[],
  seed: Seed,
  monitor: pg.Client | undefined,
  database: string,
  idle: { server: number; db: number | null },
): Promise<StepResult> {
  const latencies: number[] = []
  const byKind = new Map<Kind, number[]>()
  const errorSamples = new Map<string, number>()
  let errors = 0
  const fail = (why: string) => {
    errors++
    errorSamples.set(why, (errorSamples.get(why) ?? 0) + 1)
  }

  // Each learner's requests in this step, in time order: the loop from a random phase, so the class is spread
  // over it. A learner met in the middle of a test has its sitting open before the window, as a class in its steady
  // state has (reading them at the window's start as starts put about half the class's starts in its first 10 s).
  const schedule: { at: number; learner: Learner; kind: Kind; step: number }[] = []
  const midTest: Learner[] = []
  for (const learner of learners.slice(0, n)) {
    learner.sitting = undefined
    learner.testChain = undefined
    const phase = Math.random() * CYCLE_S
    let counter = 0
    for (let cycle = 0; -phase + cycle * CYCLE_S < DURATION_S; cycle++) {
      for (const { at, kind } of LOOP) {
        const when = at - phase + cycle * CYCLE_S
        if (when < 0 || when >= DURATION_S) continue
        if (counter === 0 && (kind === 'autosave' || kind === 'submit')) midTest.push(learner)
        schedule.push({ at: when * 1000, learner, kind, step: counter++ })
      }
    }
  }
  schedule.sort((a, b) => a.at - b.at)
  await openSittings(midTest, pools, seed)

  const send = async (learner: Learner, kind: Kind, step: number, scheduledAt: number) => {
    const pool = pools[learner.index % pools.length]!
    const headers: Record<string, string> = { authorization: `Bearer ${learner.token}`, ...BROWSER }
    let method = 'GET'
    let urlPath: string
    let body: unknown
    let expect = [200]
    let answered: ((json: unknown) => void) | undefined
    if (kind === 'home') urlPath = '/api/user/getUserByEmail'
    else if (kind === 'tree') {
      urlPath = `/api/packages/${seed.packageId}`
      if (learner.etag) headers['if-none-match'] = learner.etag
      expect = [200, 304]
    } else if (kind === 'video') urlPath = `/api/videos/${seed.videoId}`
    else if (kind === 'heartbeat') {
      method = 'PUT'
      urlPath = `/api/progress/videos/${seed.videoId}`
      const position = learner.position
      learner.position = position >= LESSON_S ? HEARTBEAT_S : position + HEARTBEAT_S
      body = { position, watched: [[position - HEARTBEAT_S, position]], playbackRate: 1 }
    } else if (kind === 'start') {
      method = 'POST'
      urlPath = '/api/mcq-attempts/start'
      body = { subTopicIds: [seed.quizSubTopicId] }
      expect = [200, 201]
      let resolve!: (sitting: Sitting | null) => void
      learner.sitting = new Promise((r) => (resolve = r))
      answered = (json) => resolve(sittingOf(json))
    } else {
      // Autosave and submit need their sitting: they leave at their time, or once the start has answered.
      const sitting = await learner.sitting
      if (kind === 'submit') learner.sitting = undefined
      if (!sitting) return fail(`${kind}: its sitting did not start`)
      const answers = Object.fromEntries(sitting.questionIds.slice(0, 1 + (step % QUESTIONS)).map((id) => [String(id), ['A']]))
      if (kind === 'autosave') {
        method = 'PUT'
        urlPath = `/api/mcq-attempts/sittings/${sitting.id}/answers`
        body = { answers }
      } else {
        method = 'POST'
        urlPath = '/api/mcq-attempts/create'
        body = { sittingId: sitting.id, answers, submissionId: randomUUID() }
        expect = [201]
      }
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    try {
      const res = await pool.request({
        method: method as 'GET',
        path: urlPath,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const bytes = Buffer.from(await res.body.arrayBuffer())
      const latency = performance.now() - scheduledAt
      latencies.push(latency)
      if (!byKind.has(kind)) byKind.set(kind, [])
      byKind.get(kind)!.push(latency)
      if (kind === 'tree' && res.statusCode === 200) learner.etag = String(res.headers.etag ?? '') || undefined
      if (!expect.includes(res.statusCode)) {
        answered?.(undefined)
        let message = ''
        try {
          message = (jsonOf(bytes, res.headers['content-encoding']) as { message?: string }).message ?? ''
        } catch {}
        return fail(`${kind}: ${res.statusCode} ${message}`)
      }
      answered?.(jsonOf(bytes, res.headers['content-encoding']))
    } catch (err) {
      answered?.(undefined)
      fail(`${kind}: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  // Machine figures over the window: CPU of the servers, of the database backends, of this generator.
  const lag = monitorEventLoopDelay({ resolution: 10 })
  const pidsBefore = await backendPids(monitor, database)
  const dbBefore = new Map(pidsBefore.map((pid) => [pid, cpuSeconds(pid)]))
  const serverBefore = servers.map((s) => cpuSeconds(s.child.pid!))
  const generatorBefore = process.cpuUsage()
  const machineBefore = machineTicks()
  lag.enable()
  const start = performance.now()
  const fromUs = Number(process.hrtime.bigint() / 1000n)
  const inFlight: Promise<void>[] = []
  for (const item of schedule) {
    const wait = start + item.at - performance.now()
    if (wait > 1) await sleep(wait)
    const { learner, kind, step } = item
    if (kind === 'start' || kind === 'autosave' || kind === 'submit') {
      const previous = learner.testChain ?? Promise.resolve()
      learner.testChain = previous.then(() => send(learner, kind, step, start + item.at))
      inFlight.push(learner.testChain)
    } else inFlight.push(send(learner, kind, step, start + item.at))
  }
  const remaining = start + DURATION_S * 1000 - performance.now()
  if (remaining > 0) await sleep(remaining)
  const windowS = (performance.now() - start) / 1000
  const toUs = Number(process.hrtime.bigint() / 1000n)
  const serverCpu = servers.reduce((sum, s, i) => sum + cpuSeconds(s.child.pid!) - serverBefore[i]!, 0)
  const pidsAfter = await backendPids(monitor, database)
  const dbCpu = monitor ? pidsAfter.reduce((sum, pid) => sum + cpuSeconds(pid) - (dbBefore.get(pid) ?? 0), 0) : null
  const generator = process.cpuUsage(generatorBefore)
  const machineAfter = machineTicks()
  lag.disable()
  // What was sent in the window still counts, however long it takes (a timeout would hide the queue).
  const windowEnd = performance.now()
  await Promise.all(inFlight)
  const drainS = (performance.now() - windowEnd) / 1000
  // The CPU per request counts until the last answer: a server that fell behind works on through the drain.
  const spentS = windowS + drainS
  const serverCpuToEnd = servers.reduce((sum, s, i) => sum + cpuSeconds(s.child.pid!) - serverBefore[i]!, 0)
  const pidsAtEnd = await backendPids(monitor, database)
  const dbCpuToEnd = monitor ? pidsAtEnd.reduce((sum, pid) => sum + cpuSeconds(pid) - (dbBefore.get(pid) ?? 0), 0) : null

  const sorted = latencies.sort((a, b) => a - b)
  return {
    n,
    requests: schedule.length,
    serverCpuMsPerRequest: (Math.max(0, serverCpuToEnd - (idle.server / 100) * spentS) * 1000) / Math.max(1, sorted.length),
    dbCpuMsPerRequest:
      dbCpuToEnd === null ? null : (Math.max(0, dbCpuToEnd - ((idle.db ?? 0) / 100) * spentS) * 1000) / Math.max(1, sorted.length),
    machineBusy: ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) * 100,
    rps: sorted.length / windowS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    errors,
    serverCpu: (serverCpu / windowS) * 100,
    dbCpu: dbCpu === null ? null : (dbCpu / windowS) * 100,
    generatorCpu: ((generator.user + generator.system) / 1e6 / windowS) * 100,
    generatorLagP99: lag.percentile(99) / 1e6,
    drainS,
    byKind,
    errorSamples,
    window: { fromUs, toUs },
  }
}

const IDLE_S = 5

/** CPU % of the servers (together) and of the database backends over IDLE_S seconds without load. */
async function idleCpu(servers: RunningServer[], monitor: pg.Client | undefined, database: string) {
  const pids = await backendPids(monitor, database)
  const dbBefore = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]))
  const before = servers.map((s) => cpuSeconds(s.child.pid!))
  await sleep(IDLE_S * 1000)
  const server = servers.reduce((sum, s, i) => sum + cpuSeconds(s.child.pid!) - before[i]!, 0)
  const after = await backendPids(monitor, database)
  const db = monitor ? after.reduce((sum, pid) => sum + cpuSeconds(pid) - (dbBefore.get(pid) ?? 0), 0) : null
  return { server: (server / IDLE_S) * 100, db: db === null ? null : (db / IDLE_S) * 100 }
}

/** Waits until every server answers a hello within 50 ms (the previous step's work is done). */
async function settle(servers: RunningServer[]) {
  for (const server of servers)
    for (let i = 0; i < 600; i++) {
      const started = performance.now()
      const ok = await fetch(`${server.base}/api/oauth2/hello`).then(
        (r) => r.text().then(() => true),
        () => false,
      )
      if (ok && performance.now() - started < 50) break
      await sleep(100)
    }
}

async function onServer(url: string, ...statements: string[]) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    for (const statement of statements) await admin.query(statement)
  } finally {
    await admin.end()
  }
}
const dropDatabase = (url: string, name: string) => onServer(url, `drop database if exists ${name} with (force)`)

/** Drops and creates `name` on BENCH_DATABASE_URL's server; answers its URL. */
async function recreateDatabase(url: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database takes a plain lower-case name')
  await onServer(url, `drop database if exists ${name} with (force)`, `create database ${name}`)
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  return fresh.toString()
}

const round = (value: number) => Math.round(value)

function printSteps(results: StepResult[], database: string) {
  console.table(
    Object.fromEntries(
      results.map((r) => [
        `N = ${r.n}`,
        {
          'requests/s': +r.rps.toFixed(1),
          'p50 ms': round(r.p50),
          'p99 ms': round(r.p99),
          'max ms': round(r.max),
          errors: r.errors,
          'server CPU %': round(r.serverCpu),
          'server CPU ms/req': +r.serverCpuMsPerRequest.toFixed(1),
          [database === 'PGlite' ? 'database CPU %' : 'PostgreSQL CPU %']: r.dbCpu === null ? 'in the server' : round(r.dbCpu),
          'PostgreSQL CPU ms/req': r.dbCpuMsPerRequest === null ? '-' : +r.dbCpuMsPerRequest.toFixed(1),
          'machine busy %': round(r.machineBusy),
          'generator CPU %': round(r.generatorCpu),
          'generator lag p99 ms': round(r.generatorLagP99),
          'drain s': +r.drainS.toFixed(1),
        },
      ]),
    ),
  )
  for (const r of results) {
    const kinds = [...r.byKind].map(([kind, list]) => {
      const sorted = list.sort((a, b) => a - b)
      return `${kind} ${round(percentile(sorted, 0.5))}/${round(percentile(sorted, 0.99))}`
    })
    console.log(`N = ${r.n}, p50/p99 ms by request: ${kinds.join(', ')}`)
    if (r.errorSamples.size) console.log(`  errors: ${JSON.stringify(Object.fromEntries(r.errorSamples))}`)
    if (r.generatorLagP99 > 50)
      console.warn(`  the generator itself lagged (p99 ${round(r.generatorLagP99)} ms): this step's latencies include its own delay`)
  }
}

/**
 * What a step's CPU cost per request says a quiet box would carry: a server instance's main
 * thread runs on one core at most; with PostgreSQL, every instance and the database share the machine's cores.
 */
function cpuCeiling(r: StepResult): string | null {
  if (!(r.serverCpuMsPerRequest > 0)) return null
  const perLearner = LOOP.length / CYCLE_S
  // Each instance takes its share of the requests on its own core.
  const oneCore = (INSTANCES * 1000) / r.serverCpuMsPerRequest / perLearner
  const perRequest = r.serverCpuMsPerRequest + (r.dbCpuMsPerRequest ?? 0)
  const box = (availableParallelism() * 1000) / perRequest / perLearner
  const boxPart =
    r.dbCpuMsPerRequest === null
      ? ''
      : `; all ${availableParallelism()} CPUs of this box, servers and PostgreSQL together, about ${round(box)}`
  return (
    `CPU ceiling from N = ${r.n} (${r.serverCpuMsPerRequest.toFixed(1)} ms of server CPU per request${r.dbCpuMsPerRequest === null ? '' : ` + ${r.dbCpuMsPerRequest.toFixed(1)} ms of PostgreSQL`}): ` +
    `${INSTANCES > 1 ? `the ${INSTANCES} instances' cores (one each) saturate` : "the instance's core saturates"} at about ${round(oneCore)} learners${boxPart}, if nothing else ran on the machine.`
  )
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ? await recreateDatabase(process.env.BENCH_DATABASE_URL, args.database) : undefined
  const label = databaseUrl ? `PostgreSQL (${args.database}), ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}` : 'PGlite (embedded)'
  const jwtSecret = randomBytes(48).toString('base64url')
  const env = { JWT_SECRET: jwtSecret }
  const servers: RunningServer[] = []
  let monitor: pg.Client | undefined
  const pools: Pool[] = []
  const profileDir = mkdtempSync(path.join(tmpdir(), 'learnpack-class-profile-'))
  try {
    // One after the other: the first runs the migrations.
    for (let i = 0; i < INSTANCES; i++) servers.push(await startServer({ env, databaseUrl }))
    console.log(
      `bench:class on ${label}, Node ${process.version}; steps N = ${STEPS.join(', ')}, ${DURATION_S} s each; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} CPUs.`,
    )
    const seedStarted = performance.now()
    const seed = await seedPackage(servers[0]!)
    await importLearners(servers[0]!)
    console.log(
      `Seeded a package (video, ${QUESTIONS}-question quiz) and ${MAX_N} learners in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.`,
    )
    const tokens = await sessions(servers[0]!, jwtSecret)
    const lessonSteps = LESSON_S / HEARTBEAT_S
    const learners: Learner[] = tokens.map((token, index) => ({
      index,
      token,
      position: HEARTBEAT_S * (1 + Math.floor(Math.random() * lessonSteps)),
    }))
    if (databaseUrl) {
      monitor = new pg.Client({ connectionString: databaseUrl })
      await monitor.connect()
    }
    const openPools = () => {
      for (const pool of pools.splice(0)) void pool.close()
      for (const server of servers) pools.push(new Pool(server.base, { connections: CONNECTIONS, keepAliveTimeout: 60_000 }))
    }
    openPools()
    await readHomes(learners, pools)

    // What the servers and the database burn with no learner at all (timers, the job engine's polling): taken off
    // each step's CPU before dividing it by the requests.
    await settle(servers)
    const idle = await idleCpu(servers, monitor, args.database)
    console.log(
      `Idle for ${IDLE_S} s: servers ${idle.server.toFixed(1)} % CPU${idle.db === null ? '' : `, PostgreSQL ${idle.db.toFixed(1)} %`} (a core = 100 %).`,
    )
    const results: StepResult[] = []
    for (const n of STEPS) {
      const last = results.at(-1)
      if (last && (last.p99 > FAR_OVER_MS || last.errors > last.requests * 0.05)) {
        console.log(`N = ${n}: skipped, N = ${last.n} was already far over (a larger class would only queue longer).`)
        continue
      }
      await settle(servers)
      console.log(`N = ${n}: ${DURATION_S} s… (load average ${loadavg()[0]!.toFixed(1)})`)
      results.push(await runStep(n, learners, servers, pools, seed, monitor, args.database, idle))
    }
    const database = databaseUrl ? 'PostgreSQL' : 'PGlite'
    printSteps(results, database)
    const passed = results.filter((r) => r.p99 < P99_LIMIT_MS && r.errors === 0)
    const capacity = passed.at(-1)?.n
    console.log(
      capacity === undefined
        ? `Capacity: below N = ${STEPS[0]} (no step had p99 < ${P99_LIMIT_MS} ms and no error).`
        : `Capacity: N = ${capacity}${capacity === MAX_N ? ' or more (the largest step tried)' : ''} learners with p99 < ${P99_LIMIT_MS} ms and no error (${label}; load average now ${loadavg()[0]!.toFixed(1)}).`,
    )

    // The largest step that kept up (its answers all in within a second of its end): JIT-warm, not queueing.
    const ceiling = cpuCeiling(results.filter((r) => r.drainS < 1).at(-1) ?? results[0]!)
    if (ceiling) console.log(ceiling)

    if (args.profile !== 'off') {
      const n = args.profile === 'capacity' ? (capacity ?? STEPS[0]!) : Number(args.profile)
      // The first instance again, its main thread profiled for one step (written when it exits).
      await servers[0]!.restart({ ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}` })
      openPools()
      // The restarted instance holds no home: read them again, so the profiled step measures what the others did.
      await readHomes(learners, pools)
      await settle(servers)
      console.log(`Profiling instance 1 for one step at N = ${n}…`)
      const profiled = await runStep(n, learners, servers, pools, seed, monitor, args.database, idle)
      console.log(
        `Profiled step: ${profiled.rps.toFixed(1)} requests/s, p50 ${round(profiled.p50)} ms, p99 ${round(profiled.p99)} ms, ${profiled.errors} errors (the profiler slows it).`,
      )
      for (const pool of pools.splice(0)) await pool.close()
      await servers[0]!.stop()
      servers.shift()
      const profiles = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))
      // The server's main thread wrote the largest profile (workers write their own, smaller ones).
      const main = profiles.map((f) => path.join(profileDir, f)).sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0]
      if (!main) throw new Error(`No CPU profile was written to ${profileDir}`)
      printProfileSummary(main, 15, profiled.window)
    }
  } catch (err) {
    for (const server of servers)
      if (server.output()) console.error(`Server output (last 3000 characters):\n${server.output().slice(-3000)}`)
    throw err
  } finally {
    for (const pool of pools) await pool.close()
    await monitor?.end()
    for (const server of servers) await server.stop()
    rmSync(profileDir, { recursive: true, force: true })
    if (databaseUrl) await dropDatabase(process.env.BENCH_DATABASE_URL!, args.database)
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
