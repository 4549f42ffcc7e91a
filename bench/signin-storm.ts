/**
 * Benchmark: does a storm of sign-ins starve everyone else? 50 readers (BENCH_CONNECTIONS) repeat an authenticated
 * read (GET /api/user/getUserByEmail) for BENCH_DURATION seconds (10) alone, then again while BENCH_SIGN_INS (200)
 * password sign-ins arrive spread evenly over the same seconds. Prints the readers' p50 and p99 both times, the
 * ratio of the p99s (goal: at most 2), and how the sign-ins were answered.
 *
 *   npm run bench:signin-storm    (or: node bench/signin-storm.ts, with Node 24)
 *
 * The server's PASSWORD_HASH_THREADS and PASSWORD_HASH_QUEUE pass through from the environment. BENCH_DATABASE_URL
 * runs it on PostgreSQL (a fresh database per run). See bench/README.md.
 */
import { randomBytes } from 'node:crypto'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { DATABASE_LABEL, api, median, startServer, type RunningServer } from './support.ts'
import { CONNECTIONS, DURATION, drain, load } from './load.ts'

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 200)
/** Accounts the storm signs in to, in turn. */
const ACCOUNTS = 25

async function registerAccounts(server: RunningServer): Promise<{ email: string; password: string }[]> {
  const accounts = []
  for (let i = 0; i < ACCOUNTS; i++) {
    const account = {
      name: `Storm ${i + 1}`,
      email: `storm-${i + 1}-${randomBytes(3).toString('hex')}@example.com`,
      password: randomBytes(12).toString('base64url'),
    }
    await api(server.base, 'POST', '/api/oauth2/registerUser', account)
    accounts.push({ email: account.email, password: account.password })
  }
  return accounts
}

interface SignInOutcome {
  status: number
  ms: number
}

/**
 * SIGN_INS sign-ins, one every DURATION / SIGN_INS seconds, each with the right password and from an address of its
 * own (as people signing in are): from one address, sign-ins still waiting would count as failures in flight and
 * meet the sign-in limits. Answers every outcome.
 */
async function storm(base: string, accounts: { email: string; password: string }[]): Promise<SignInOutcome[]> {
  const gapMs = (DURATION * 1000) / SIGN_INS
  const started = performance.now()
  return Promise.all(
    Array.from({ length: SIGN_INS }, async (_, i) => {
      const wait = started + i * gapMs - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const sent = performance.now()
      const res = await fetch(`${base}/api/oauth2/loginUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
        body: JSON.stringify(accounts[i % accounts.length]),
      }).catch(() => null)
      await res?.arrayBuffer()
      return { status: res?.status ?? 0, ms: performance.now() - sent }
    }),
  )
}

/**
 * The storm on a thread of its own: on the readers' event loop, 200 fetches delayed autocannon's reading of the
 * answers, and the readers' latency measured the benchmark as much as the server.
 */
function stormOnThread(base: string, accounts: { email: string; password: string }[]): Promise<SignInOutcome[]> {
  const thread = new Worker(new URL(import.meta.url), { workerData: { base, accounts } })
  return new Promise((resolve, reject) => {
    thread.once('message', resolve)
    thread.once('error', reject)
  })
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0

async function main() {
  const threads = process.env.PASSWORD_HASH_THREADS || 'default (cores − 1)'
  const queue = process.env.PASSWORD_HASH_QUEUE || 'default (8)'
  console.log(`Sign-in storm on ${DATABASE_LABEL}: PASSWORD_HASH_THREADS ${threads}, PASSWORD_HASH_QUEUE ${queue}`)
  console.log(`${CONNECTIONS} readers for ${DURATION} s alone, then beside ${SIGN_INS} sign-ins spread over the same ${DURATION} s\n`)
  // Registering the storm's accounts from one address must not meet the registration limit; each sign-in names
  // its own address in X-Forwarded-For.
  const server = await startServer({ env: { REGISTRATIONS_PER_HOUR: '1000', TRUST_PROXY: 'true' } })
  try {
    const accounts = await registerAccounts(server)
    // The readers are a learner reading their own account, as the home screen does.
    const reader = await api<{ token: string }>(server.base, 'POST', '/api/oauth2/loginUser', accounts[0])
    const url = `${server.base}/api/user/getUserByEmail`
    const headers = { authorization: `Bearer ${reader.token}` }

    await drain(server.base)
    const alone = await load('readers alone', url, headers)
    await drain(server.base)
    const [beside, signIns] = await Promise.all([load('readers beside the storm', url, headers), stormOnThread(server.base, accounts)])

    const row = (result: typeof alone) => ({
      'requests/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
    })
    console.table({ 'readers alone': row(alone), 'readers beside the storm': row(beside) })
    const ratio = beside.latency.p99 / alone.latency.p99
    console.log(`ratio of the readers' p99 (storm / alone): ${ratio.toFixed(2)}  (goal ≤ 2: ${ratio <= 2 ? 'met' : 'NOT met'})`)

    const byStatus = new Map<number, SignInOutcome[]>()
    for (const outcome of signIns) byStatus.set(outcome.status, [...(byStatus.get(outcome.status) ?? []), outcome])
    const succeeded = byStatus.get(200) ?? []
    const refused = byStatus.get(503) ?? []
    const other = signIns.length - succeeded.length - refused.length
    console.log(
      `\nsign-ins: ${signIns.length} sent, ${succeeded.length} succeeded (200), ${refused.length} refused for capacity (503), ${other} other`,
    )
    for (const [status, outcomes] of byStatus) {
      if (status !== 200 && status !== 503) console.log(`  status ${status}: ${outcomes.length}`)
    }
    if (succeeded.length) {
      const ms = succeeded.map((o) => o.ms)
      console.log(`  succeeded in p50 ${Math.round(median(ms))} ms, p99 ${Math.round(p99(ms))} ms`)
    }
    if (refused.length) {
      const ms = refused.map((o) => o.ms)
      console.log(`  refused in p50 ${Math.round(median(ms))} ms, p99 ${Math.round(p99(ms))} ms`)
    }
  } finally {
    await server.stop()
  }
}

if (isMainThread) await main()
else parentPort!.postMessage(await storm(workerData.base, workerData.accounts))
