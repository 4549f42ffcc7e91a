/**
 * Benchmark: the package tree of a 10 skills × 10 topics × 10 sub-topics package (1,000 sub-topics) against the real
 * server, next to GET /api/oauth2/hello on the same server process in the same run. Rows, each also as a ratio to
 * the hello of its own server process:
 *
 * - hello and tree uncached: first with the tree cache off (TREE_CACHE_BYTES=0), GET /api/packages/{id}: the
 *   relational query, the mapping, the serialisation and the compression on every request;
 * - then the server is restarted on the same data with the cache on (the default), and hello again;
 * - tree from cache (200): the same GET /api/packages/{id} repeated at the same content version;
 * - tree revalidated (304): the same with If-None-Match set to the tree's ETag;
 * - getUserByEmail: the smallest authenticated read.
 *
 * Tree requests send `Accept-Encoding: br, gzip` as a browser does.
 *
 *   npm run bench:tree            (or: node bench/package-tree.ts, with Node 24)
 *
 * Options through the environment: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10), BENCH_DATABASE_URL (run on
 * PostgreSQL, a fresh database per run). See bench/README.md for how to read the figures.
 */
import type { Result } from 'autocannon'
import { DATABASE_LABEL, api, signInLearner, startServer } from './support.ts'
import { drain, load, ratioRow } from './load.ts'

const SKILLS = 10
const TOPICS = 10
const SUB_TOPICS = 10
const BROWSER = { 'accept-encoding': 'br, gzip' }
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

const percent = (share: number) => `${(share * 100).toFixed(1)} %`

/**
 * The 304 row: If-None-Match set to the tree's ETag as it is right now. The tag moves on with the media window of
 * the signed URLs (server/content/media-tag.ts), so a run that crosses a window's end meets 200s from then on: the
 * row counts the statuses it got, and is run again once with a fresh tag when fewer than 99 % were 304s (it only
 * crossed a window), then fails rather than print a 304 figure made of 200s.
 */
async function revalidated(treeUrl: string, headers: Record<string, string>): Promise<{ result: Result; share: number }> {
  for (let attempt = 1; ; attempt++) {
    const fresh = await fetch(treeUrl, { headers })
    await fresh.arrayBuffer()
    const etag = fresh.headers.get('etag')
    if (!etag) throw new Error('tree revalidated (304): the tree lost its ETag during the run')
    const result = await load('tree revalidated (304)', treeUrl, { ...headers, 'if-none-match': etag }, [304, 200])
    const answered = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0)
    const share = answered ? (result.statusCodeStats['304']?.count ?? 0) / answered : 0
    if (share >= 0.99) return { result, share }
    const message = `tree revalidated (304): only ${percent(share)} of ${answered} answers were 304 with ETag ${etag}`
    if (attempt === 2) throw new Error(`${message}, twice: the tag does not hold for the length of a run`)
    console.warn(`${message} (a media window ended during the run); again with a fresh tag.`)
  }
}

async function main() {
  const server = await startServer({ env: { TREE_CACHE_BYTES: '0' } })
  const { base, token } = server
  try {
    console.log(
      `Server up on ${base} (${DATABASE_LABEL}, Node ${process.version}). Building the ${SKILLS}×${TOPICS}×${SUB_TOPICS} package through the API…`,
    )
    const started = performance.now()
    const packageId = await buildPackage(base, token)
    const learner = await signInLearner(server, [packageId])
    const treeUrl = `${base}/api/packages/${packageId}`
    const first = await fetch(treeUrl, { headers: { authorization: `Bearer ${learner.token}` } })
    const bytes = (await first.arrayBuffer()).byteLength
    const etag = first.headers.get('etag')
    console.log(
      `Package ${packageId} built in ${Math.round(performance.now() - started)} ms; its tree is ${(bytes / 1024).toFixed(0)} KiB of JSON; ETag ${etag ?? '(none: no revalidation on this server)'}.`,
    )

    const auth = { authorization: `Bearer ${learner.token}` }
    const rows: { result: Result; hello: Result }[] = []
    let hello: Result | undefined
    const shares = new Map<string, number>()
    const run = async (title: string, url: string, headers: Record<string, string> = {}, expect: number | number[] = 200) => {
      const result = await load(title, url, headers, expect)
      hello ??= result
      rows.push({ result, hello })
      await drain(base)
    }
    // hello first on each server process: it leaves no backlog.
    await run('hello (TREE_CACHE_BYTES=0)', `${base}/api/oauth2/hello`)
    await run('tree uncached', treeUrl, { ...auth, ...BROWSER })
    await server.restart() // the same data and database, the tree cache on (its default size)
    hello = undefined
    await run('hello', `${base}/api/oauth2/hello`)
    await run('tree from cache (200)', treeUrl, { ...auth, ...BROWSER })
    if (etag) {
      const { result, share } = await revalidated(treeUrl, { ...auth, ...BROWSER })
      rows.push({ result, hello: hello! })
      shares.set(result.title!, share)
      await drain(base)
    } else console.warn('tree revalidated (304): skipped, the tree answer carries no ETag on this server.')
    await run('getUserByEmail', `${base}/api/user/getUserByEmail`, auth)

    console.table(
      Object.fromEntries(
        rows.map(({ result, hello }) => [
          result.title!,
          { ...ratioRow(result, hello), '304 share': shares.has(result.title!) ? percent(shares.get(result.title!)!) : '' },
        ]),
      ),
    )
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
