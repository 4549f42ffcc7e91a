/**
 * Benchmark: GET /api/packages/{id} for a 10 skills × 10 topics × 10 sub-topics package (1,000 sub-topics)
 * against the real server on the embedded database, next to GET /api/oauth2/hello on the same server.
 *
 *   npm run bench:tree            (or: node bench/package-tree.ts, with Node 24)
 *
 * Options through the environment: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10).
 * See bench/README.md for how to read the figures.
 */
import autocannon, { type Result } from 'autocannon'
import { api, startServer } from './support.ts'

const SKILLS = 10
const TOPICS = 10
const SUB_TOPICS = 10
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)

interface Tree {
  id: number
  skills: { id: number; topics: { subTopics: unknown[] }[] }[]
}

async function buildPackage(base: string, token: string): Promise<number> {
  const pkg = await api<Tree>(
    base,
    'POST',
    '/api/packages/createPackage',
    {
      title: 'Benchmark package',
      description: `${SKILLS} skills × ${TOPICS} topics × ${SUB_TOPICS} sub-topics`,
      price: '999.99',
      skills: Array.from({ length: SKILLS }, (_, s) => ({
        title: `Skill ${s + 1}`,
        description: `Description of skill ${s + 1}`,
        price: '99.99',
      })),
    },
    token,
  )
  for (const [s, skill] of pkg.skills.entries()) {
    await api(
      base,
      'PUT',
      `/api/topic/by-skill/${skill.id}`,
      {
        topics: Array.from({ length: TOPICS }, (_, t) => ({
          title: `Topic ${s + 1}.${t + 1}`,
          description: `What topic ${s + 1}.${t + 1} covers, in a sentence or two of realistic length.`,
          subTopics: Array.from({ length: SUB_TOPICS }, (_, u) => ({
            title: `Sub-topic ${s + 1}.${t + 1}.${u + 1}`,
            description: `What sub-topic ${s + 1}.${t + 1}.${u + 1} covers, in a sentence or two of realistic length.`,
          })),
        })),
      },
      token,
    )
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
  const server = await startServer()
  const { base, token } = server
  try {
    console.log(
      `Server up on ${base} (embedded PGlite, Node ${process.version}). Building the ${SKILLS}×${TOPICS}×${SUB_TOPICS} package through the API…`,
    )
    const started = performance.now()
    const packageId = await buildPackage(base, token)
    const bytes = (
      await (await fetch(`${base}/api/packages/${packageId}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()
    ).byteLength
    console.log(
      `Package ${packageId} built in ${Math.round(performance.now() - started)} ms; its tree response is ${(bytes / 1024).toFixed(0)} KiB.`,
    )

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
    if (server.output()) console.error(`Server output:\n${server.output()}`)
    throw err
  } finally {
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
