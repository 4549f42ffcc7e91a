/**
 * Benchmark: a learner's hot path against the real server, each call as a ratio to GET /api/oauth2/hello in the
 * same run: my packages (GET /api/user/getUserByEmail, what My Packages and the home load), the viewer's tree
 * (GET /api/packages/{id}), one video's signed URL (GET /api/videos/{id}) and, last, sign in: the learner signed
 * in once before any row, so no password hashing runs under the reads.
 *
 *   npm run bench:learner         (or: node bench/learner.ts, with Node 24)
 *
 * The learner holds a package of 3 skills × 4 topics × 5 sub-topics with a video. Options through the environment:
 * BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10), BENCH_DATABASE_URL (run on PostgreSQL, a fresh database per
 * run). See bench/README.md.
 */
import type { Result } from 'autocannon'
import { DATABASE_LABEL, api, signInLearner, startServer, uploadClip, type RunningServer } from './support.ts'
import { drain, load, ratioRow } from './load.ts'

const BROWSER = { 'accept-encoding': 'br, gzip' }
/** Sign-ins of the one account at once: under the login throttle's 5 pending attempts per account and address. */
const SIGN_IN_CONNECTIONS = 4

/** A 3×4×5 package with the e2e clip in its first sub-topic: answers the package and the video ids. */
async function buildPackage(server: RunningServer): Promise<{ packageId: number; videoId: number }> {
  const { base, token } = server
  const pkg = await api<{ id: number; skills: { id: number }[] }>(
    base,
    'POST',
    '/api/packages/createPackage',
    {
      title: 'Learner benchmark package',
      description: '3 skills × 4 topics × 5 sub-topics',
      price: '499.00',
      skills: Array.from({ length: 3 }, (_, s) => ({ title: `Skill ${s + 1}`, description: `Skill ${s + 1}`, price: '99.00' })),
    },
    token,
  )
  let firstSubTopic = 0
  for (const [s, skill] of pkg.skills.entries()) {
    const saved = await api<{ topics: { subTopics: { id: number }[] }[] }>(
      base,
      'PUT',
      `/api/topic/by-skill/${skill.id}`,
      {
        topics: Array.from({ length: 4 }, (_, t) => ({
          title: `Topic ${s + 1}.${t + 1}`,
          description: `What topic ${s + 1}.${t + 1} covers.`,
          subTopics: Array.from({ length: 5 }, (_, u) => ({
            title: `Sub-topic ${s + 1}.${t + 1}.${u + 1}`,
            description: `What sub-topic ${s + 1}.${t + 1}.${u + 1} covers.`,
          })),
        })),
      },
      token,
    )
    firstSubTopic ||= saved.topics[0]!.subTopics[0]!.id
  }
  return { packageId: pkg.id, videoId: await uploadClip(server, firstSubTopic) }
}

async function main() {
  const server = await startServer()
  const { base } = server
  try {
    console.log(`Server up on ${base} (${DATABASE_LABEL}, Node ${process.version}). Building the learner's package…`)
    const { packageId, videoId } = await buildPackage(server)
    const learner = await signInLearner(server, [packageId])
    const account = await api<{ email: string }>(base, 'GET', '/api/user/getUserByEmail', undefined, learner.token)
    const auth = { authorization: `Bearer ${learner.token}` }

    const results: Result[] = []
    const run = async (title: string, url: string, headers: Record<string, string> = {}, request = {}, expect: number | number[] = 200) => {
      results.push(await load(title, url, headers, expect, request))
      await drain(base)
    }
    await run('hello', `${base}/api/oauth2/hello`)
    await run('my packages (GET /user/getUserByEmail)', `${base}/api/user/getUserByEmail`, { ...auth, ...BROWSER })
    await run("viewer's tree (GET /packages/{id})", `${base}/api/packages/${packageId}`, { ...auth, ...BROWSER })
    await run("a video's signed URL (GET /videos/{id})", `${base}/api/videos/${videoId}`, { ...auth, ...BROWSER })
    // Last: the hashes of the sign-ins still queued when the row ends go on for seconds after it (a hello answers
    // meanwhile, so drain() cannot see them), and would run under any row that came next. 4 connections: every
    // attempt counts as a failure of this one account until it succeeds, and the throttle answers 429 from 5.
    await run(
      'sign in (POST /oauth2/loginUser, 4 connections)',
      `${base}/api/oauth2/loginUser`,
      { 'content-type': 'application/json' },
      { method: 'POST', body: JSON.stringify({ email: account.email, password: learner.password }), connections: SIGN_IN_CONNECTIONS },
      // A full password-hashing queue refuses with a 503 (counted by status, not as an error).
      [200, 503],
    )

    const [hello] = results
    console.table(Object.fromEntries(results.map((r) => [r.title!, ratioRow(r, hello!)])))
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
