import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import type { User } from '../../contract/auth.ts'
import type { Package, ScormPackage } from '../../contract/content.ts'
import type { PackageProgress, LearnerProgressRow } from '../../contract/progress.ts'
import type { ScormLaunch } from '../../contract/scorm.ts'
import { scormCmi, scormFiles, scormPackages, storedFiles, userPackages } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree } from '../test/content.ts'
import { brokenPackages, hostilePackage, multiScoPackage, singleScoPackage } from '../test/scorm-packages.ts'
import { CLIP } from '../test/clips.ts'
import { createContentApp } from './content-app.ts'

const CONTENT_ORIGIN = 'http://content.learnpack.test'
const ctx = setupTestContext({ SCORM_CONTENT_ORIGIN: CONTENT_ORIGIN })

async function setup() {
  // The database is emptied before each test; the store's folder is emptied here, so blobs are counted per test.
  rmSync(path.join(ctx.config.dataDir, 'files'), { recursive: true, force: true })
  const admin = await ctx.createUser({ role: 'admin' })
  const learner = await ctx.createUser({ name: 'Lena Learner' })
  const outsider = await ctx.createUser()
  const tree = await insertTree(ctx.database.db, { skills: 1, topics: 1, subTopics: 2 })
  await ctx.database.db.insert(userPackages).values({ userId: learner.user.id, packageId: tree.packageId })
  return { admin, learner, outsider, tree, subTopicId: tree.subTopicIds[0]! }
}

async function upload(token: string, subTopicId: number, zip: Buffer, name = 'course.zip') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(zip)]), name)
  const res = await ctx.app.request(`/api/subTopic/${subTopicId}/scorm`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: (await res.json()) as { data?: ScormPackage; message: string } }
}

async function launch(token: string, packageId: number, scoId?: number) {
  return ctx.request<ScormLaunch>('POST', `/api/scorm/${packageId}/launch`, { token, body: scoId === undefined ? {} : { scoId } })
}

const launchTokenOf = (url: string) => new URL(url).pathname.split('/')[2]!

async function runtime(launchToken: string) {
  return ctx.request<{ version: string; cmi: Record<string, unknown> & { core?: Record<string, unknown> } }>('GET', '/api/scorm/runtime', {
    token: launchToken,
  })
}

const commit = (launchToken: string, elements: Record<string, unknown>) =>
  ctx.request<{ status: string; score: number | null; completed: boolean }>('POST', '/api/scorm/runtime', {
    token: launchToken,
    body: elements,
  })

async function storedCounts() {
  const db = ctx.database.db
  const root = path.join(ctx.config.dataDir, 'files')
  const files = existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.parentPath.includes('.tmp'))
    : []
  return {
    packages: (await db.select({ n: count() }).from(scormPackages))[0]!.n,
    files: (await db.select({ n: count() }).from(scormFiles))[0]!.n,
    stored: (await db.select({ n: count() }).from(storedFiles))[0]!.n,
    blobs: files.length,
  }
}

describe('SCORM upload', () => {
  it('stores a SCORM 1.2 package and answers its title, version and SCOs; the tree lists it and its ETag moves', async () => {
    const { admin, learner, tree, subTopicId } = await setup()
    const treePath = `/api/packages/${tree.packageId}`
    const before = await ctx.request('GET', treePath, { token: learner.token })
    const res = await upload(admin.token, subTopicId, singleScoPackage('1.2'))
    expect(res.body.message).toBe('SCORM package uploaded successfully')
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      subTopicId,
      title: 'Safety basics (SCORM 1.2)',
      version: '1.2',
      scos: [{ identifier: 'SCO-1', title: 'Lesson one', href: 'lesson/index.html' }],
    })
    expect(await storedCounts()).toMatchObject({ packages: 1, files: 4, stored: 4, blobs: 4 })

    const after = await ctx.request<Package>('GET', treePath, {
      token: learner.token,
      headers: { 'if-none-match': before.headers.get('etag')! },
    })
    expect(after.status).toBe(200)
    const subTopic = after.body.data!.skills[0]!.topics[0]!.subTopics.find((s) => s.id === subTopicId)!
    expect(subTopic.scormPackages).toEqual([res.body.data])

    const deleted = await ctx.request('DELETE', `/api/scorm/${res.body.data!.id}`, { token: admin.token })
    expect(deleted.status).toBe(200)
    expect(await storedCounts()).toEqual({ packages: 0, files: 0, stored: 0, blobs: 0 })
    const gone = await ctx.request<Package>('GET', treePath, {
      token: learner.token,
      headers: { 'if-none-match': after.headers.get('etag')! },
    })
    expect(gone.status).toBe(200)
    expect(gone.body.data!.skills[0]!.topics[0]!.subTopics.find((s) => s.id === subTopicId)!.scormPackages).toEqual([])
    expect((await ctx.request('DELETE', `/api/scorm/${res.body.data!.id}`, { token: admin.token })).status).toBe(404)
  })

  it('reads a SCORM 2004 4th-edition package and a multi-SCO package in manifest order', async () => {
    const { admin, subTopicId } = await setup()
    const single = await upload(admin.token, subTopicId, singleScoPackage('2004-4'))
    expect(single.status).toBe(201)
    expect(single.body.data).toMatchObject({ title: 'Safety basics (SCORM 2004)', version: '2004' })
    const multi = await upload(admin.token, subTopicId, multiScoPackage())
    expect(multi.status).toBe(201)
    expect(multi.body.data!.scos.map((s) => [s.identifier, s.title, s.href])).toEqual([
      ['SCO-1', 'Part 1', 'part1/index.html'],
      ['SCO-2', 'Part 2', 'part2/index.html'],
      ['SCO-3', 'Part 3', 'part3/index.html'],
    ])
  })

  it.each([
    ['no imsmanifest.xml at the root', () => brokenPackages.noManifest(), 'The package has no imsmanifest.xml at its root'],
    [
      'a schema version that is neither',
      () => brokenPackages.wrongVersion(),
      "schema version 'CAM 9.9' is neither SCORM 1.2 nor SCORM 2004",
    ],
    [
      'a missing launch file',
      () => brokenPackages.missingLaunchFile(),
      "The launch file 'gone.html' of 'Lesson A' is missing from the package",
    ],
    ['an entry with ../', () => brokenPackages.escapingEntry('../../etc/evil.txt'), 'escapes the package'],
    ['an absolute entry', () => brokenPackages.escapingEntry('/etc/evil.txt'), 'escapes the package'],
    ['an entry with backslashes', () => brokenPackages.escapingEntry('..\\..\\evil.txt'), 'escapes the package'],
    ['a zip declaring more than the expanded-size limit', () => brokenPackages.declaresTooMuch(), 'refused as a zip bomb'],
    ['an entry inflating past its declared size', () => brokenPackages.liesAboutItsSize(), 'refused as a zip bomb'],
    ['more than 20,000 entries', () => brokenPackages.tooManyEntries(20_000), 'it has more than 20,000 entries'],
  ])('refuses %s with a 400 naming it, and stores nothing', async (_name, build, message) => {
    const { admin, subTopicId } = await setup()
    const res = await upload(admin.token, subTopicId, build())
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(message)
    expect(await storedCounts()).toEqual({ packages: 0, files: 0, stored: 0, blobs: 0 })
  })

  it('refuses a file that is no zip with a 415, and a learner with a 403', async () => {
    const { admin, learner, subTopicId } = await setup()
    expect((await upload(admin.token, subTopicId, brokenPackages.notAZip())).status).toBe(415)
    expect((await upload(learner.token, subTopicId, singleScoPackage('1.2'))).status).toBe(403)
    expect((await upload(admin.token, 999_999, singleScoPackage('1.2'))).status).toBe(404)
    expect(await storedCounts()).toEqual({ packages: 0, files: 0, stored: 0, blobs: 0 })
  })
})

describe('SCORM runtime', () => {
  async function uploaded(edition: '1.2' | '2004-4' | '2004-3') {
    const s = await setup()
    const res = await upload(s.admin.token, s.subTopicId, singleScoPackage(edition))
    return { ...s, pkg: res.body.data! }
  }

  it('launches on the content origin with a launch token; the runtime starts with the learner and ab-initio', async () => {
    const { learner, pkg } = await uploaded('1.2')
    const launched = await launch(learner.token, pkg.id)
    expect(launched.status).toBe(200)
    expect(launched.body.data!.url).toMatch(new RegExp(`^${CONTENT_ORIGIN}/scorm/[^/]+/launch$`))
    const state = await runtime(launchTokenOf(launched.body.data!.url))
    expect(state.status).toBe(200)
    expect(state.body.data).toMatchObject({
      version: '1.2',
      cmi: {
        core: { student_id: String(learner.user.id), student_name: 'Lena Learner', entry: 'ab-initio', lesson_status: 'not attempted' },
      },
    })
  })

  it('resumes a suspended SCORM 1.2 SCO with its suspend_data and location', async () => {
    const { learner, pkg } = await uploaded('1.2')
    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    const saved = await commit(token, {
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': 'page-3',
      'cmi.suspend_data': 'page=3;answers=A,C',
      'cmi.core.exit': 'suspend',
      'cmi.core.session_time': '0000:01:30.00',
      'cmi.core.student_name': 'ignored: read-only, kept by the runtime',
      // scorm-again's flattened commit carries collections without entries as empty objects.
      'cmi.objectives': {},
      'cmi.interactions': {},
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const nested = await commit(token, { 'cmi.objectives': { '0': { id: 'q1' } } })
    expect(nested.status).toBe(400)
    expect(saved.body.data).toEqual({ id: pkg.scos[0]!.id, status: 'incomplete', score: null, completed: false })
    const again = await runtime(launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url))
    expect(again.body.data!.cmi).toMatchObject({
      core: { entry: 'resume', lesson_location: 'page-3', lesson_status: 'incomplete' },
      suspend_data: 'page=3;answers=A,C',
    })
    await commit(token, { 'cmi.core.exit': 'logout' })
    expect((await runtime(token)).body.data!.cmi).toMatchObject({ core: { entry: '' } })
  })

  it('resumes a SCORM 2004 SCO (cmi.entry, cmi.location, suspend_data)', async () => {
    const { learner, pkg } = await uploaded('2004-4')
    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    expect((await runtime(token)).body.data).toMatchObject({
      version: '2004',
      cmi: { learner_id: String(learner.user.id), entry: 'ab-initio' },
    })
    expect((await commit(token, { 'cmi.location': 'p7', 'cmi.suspend_data': 'x'.repeat(64_000), 'cmi.exit': 'suspend' })).status).toBe(200)
    expect((await runtime(token)).body.data!.cmi).toMatchObject({ entry: 'resume', location: 'p7', suspend_data: 'x'.repeat(64_000) })
  })

  it.each([
    ['1.2', { 'cmi.core.lesson_status': 'banana' }, "cmi.core.lesson_status must be one of 'passed'"],
    ['1.2', { 'cmi.suspend_data': 'x'.repeat(4097) }, 'cmi.suspend_data must be at most 4,096 characters'],
    ['1.2', { 'cmi.core.score.raw': 'eighty' }, 'cmi.core.score.raw must be a decimal number'],
    ['1.2', { 'cmi.core.score.raw': '101' }, 'cmi.core.score.raw must be between 0 and 100'],
    ['1.2', { 'cmi.core.exit': 'later' }, 'cmi.core.exit must be one of'],
    ['1.2', { 'cmi.core.session_time': '90 seconds' }, 'cmi.core.session_time must be a time span'],
    ['2004-4', { 'cmi.completion_status': 'passed' }, "cmi.completion_status must be one of 'completed'"],
    ['2004-4', { 'cmi.success_status': 'banana' }, 'cmi.success_status must be one of'],
    ['2004-4', { 'cmi.score.scaled': '1.5' }, 'cmi.score.scaled must be between -1 and 1'],
    ['2004-4', { 'cmi.suspend_data': 'x'.repeat(64_001) }, 'cmi.suspend_data must be at most 64,000 characters'],
    ['2004-3', { 'cmi.suspend_data': 'x'.repeat(4001) }, 'cmi.suspend_data must be at most 4,000 characters'],
    ['2004-4', { 'cmi.session_time': '01:00:00' }, 'cmi.session_time must be an ISO 8601 duration'],
    ['1.2', { 'cmi.suspend_data': 'page=3\u0000' }, 'must not contain control characters'],
    ['2004-4', { 'cmi.location\u0000': 'p1' }, 'must not contain control characters'],
    [
      '1.2',
      Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`cmi.interactions.${i}.id`, 'q'])),
      'At most 5000 elements in one commit',
    ],
  ] as const)('SCORM %s: refuses a bad value (%#) with a 400 naming the element, and keeps nothing', async (edition, elements, message) => {
    const { learner, pkg } = await uploaded(edition)
    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    const res = await commit(token, { 'cmi.suspend_data': 'kept?', ...elements })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(message)
    expect((await ctx.database.db.select({ n: count() }).from(scormCmi))[0]!.n).toBe(0)
  })

  it('accepts the launch token on the runtime routes only, and the session token there never', async () => {
    const { learner, pkg } = await uploaded('1.2')
    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    expect((await runtime(learner.token)).status).toBe(401)
    expect((await commit(learner.token, { 'cmi.core.lesson_status': 'passed' })).status).toBe(401)
    for (const route of ['/api/user/getUserByEmail', '/api/packages/getAllPackage', `/api/scorm/${pkg.id}/launch`]) {
      const res = await ctx.request(route.endsWith('launch') ? 'POST' : 'GET', route, {
        token,
        body: route.endsWith('launch') ? {} : undefined,
      })
      expect(res.status, route).toBe(401)
    }
    ctx.now = new Date(ctx.now.getTime() + 9 * 3_600_000)
    expect((await runtime(token)).status).toBe(401)
  })

  it('sends CORS headers to the content origin on the runtime routes only', async () => {
    await setup()
    const preflight = await ctx.app.request('/api/scorm/runtime', {
      method: 'OPTIONS',
      headers: {
        origin: CONTENT_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe(CONTENT_ORIGIN)
    const other = await ctx.app.request('/api/user/getUserByEmail', { headers: { origin: CONTENT_ORIGIN } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const elsewhere = await ctx.app.request('/api/scorm/runtime', {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    })
    expect(elsewhere.headers.get('access-control-allow-origin')).not.toBe('http://evil.test')
  })

  it('lets only a learner with the package (or an admin) launch, and a token stops working when the package is unassigned', async () => {
    const { admin, learner, outsider, pkg, tree } = await uploaded('1.2')
    expect((await launch(outsider.token, pkg.id)).status).toBe(403)
    expect((await launch(admin.token, pkg.id)).status).toBe(200)
    expect((await launch(learner.token, pkg.id, 999_999)).status).toBe(404)
    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    await ctx.request('DELETE', `/api/user/${learner.user.id}/packages/${tree.packageId}`, { token: admin.token })
    expect((await runtime(token)).status).toBe(403)
  })
})

describe('SCORM progress', () => {
  it('counts a SCO like a video: complete at completed or passed, with its score; the learners table and CSV count SCOs', async () => {
    const { admin, learner, tree, subTopicId } = await setup()
    const pkg = (await upload(admin.token, subTopicId, singleScoPackage('1.2'))).body.data!
    const progress = async () =>
      (await ctx.request<PackageProgress>('GET', `/api/progress/packages/${tree.packageId}`, { token: learner.token })).body.data!
    const subTopicOf = (p: PackageProgress) => p.skills[0]!.topics[0]!.subTopics.find((s) => s.id === subTopicId)!
    expect(subTopicOf(await progress())).toMatchObject({
      completed: false,
      scos: [{ id: pkg.scos[0]!.id, status: 'not attempted', score: null, completed: false }],
    })

    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    await commit(token, {
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '80',
      'cmi.core.score.max': '100',
      'cmi.core.score.min': '0',
    })
    const done = await progress()
    expect(subTopicOf(done)).toMatchObject({ completed: true, percent: 100, scos: [{ status: 'passed', score: 80, completed: true }] })
    expect(done.completedSubTopics).toBe(1)

    const rows = await ctx.request<LearnerProgressRow[]>('GET', `/api/progress/packages/${tree.packageId}/learners`, { token: admin.token })
    expect(rows.body.data![0]).toMatchObject({ userId: learner.user.id, completedScos: 1, totalScos: 1, completedSubTopics: 1 })
    const csv = await ctx.app.request(`/api/progress/packages/${tree.packageId}/learners?format=csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
    const lines = (await csv.text()).trim().split(/\r?\n/)
    expect(lines[0]).toContain('"Completed SCOs","Total SCOs"')
    expect(lines[1]).toContain('"1","1","1","1"')

    // An admin's preview is kept apart from the learner's data.
    const preview = launchTokenOf((await launch(admin.token, pkg.id)).body.data!.url)
    expect((await runtime(preview)).body.data!.cmi).toMatchObject({ core: { entry: 'ab-initio' } })
  })

  it("the learners table and its CSV show each SCO's status and score for every learner, in outline order", async () => {
    const { admin, learner, tree, subTopicId } = await setup()
    const ben = await ctx.createUser({ name: 'Ben Beginner', email: 'ben@example.com' })
    await ctx.database.db.insert(userPackages).values({ userId: ben.user.id, packageId: tree.packageId })
    const multi = (await upload(admin.token, subTopicId, multiScoPackage())).body.data!
    const single = (await upload(admin.token, tree.subTopicIds[1]!, singleScoPackage('1.2'))).body.data!
    const play = async (pkg: ScormPackage, index: number, elements: Record<string, string>) =>
      commit(launchTokenOf((await launch(learner.token, pkg.id, pkg.scos[index]!.id)).body.data!.url), elements)
    await play(multi, 0, { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.8' })
    await play(multi, 1, { 'cmi.completion_status': 'incomplete', 'cmi.score.raw': '30', 'cmi.score.min': '0', 'cmi.score.max': '60' })
    await play(single, 0, { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '45' })

    const rows = await ctx.request<LearnerProgressRow[]>('GET', `/api/progress/packages/${tree.packageId}/learners`, { token: admin.token })
    expect(rows.status).toBe(200)
    const sco = (pkg: ScormPackage, index: number, status: string, score: number | null, completed: boolean) => ({
      id: pkg.scos[index]!.id,
      title: pkg.scos[index]!.title,
      packageTitle: pkg.title,
      status,
      score,
      completed,
    })
    const untouched = [
      sco(multi, 0, 'not attempted', null, false),
      sco(multi, 1, 'not attempted', null, false),
      sco(multi, 2, 'not attempted', null, false),
      sco(single, 0, 'not attempted', null, false),
    ]
    expect(rows.body.data!.map((r) => [r.name, r.completedScos, r.totalScos, r.scos])).toEqual([
      ['Ben Beginner', 0, 4, untouched],
      [
        'Lena Learner',
        1,
        4,
        [
          sco(multi, 0, 'passed', 80, true),
          sco(multi, 1, 'incomplete', 50, false),
          sco(multi, 2, 'not attempted', null, false),
          sco(single, 0, 'failed', 45, false),
        ],
      ],
    ])

    const csv = await ctx.app.request(`/api/progress/packages/${tree.packageId}/learners?format=csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
    const [header, benLine, lenaLine] = (await csv.text()).split('\r\n')
    const scoHeader = (name: string) => `"SCO ${name}: status","SCO ${name}: score (%)"`
    expect(header).toMatch(
      new RegExp(
        `"Last activity",${[
          scoHeader('Three parts / Part 1'),
          scoHeader('Three parts / Part 2'),
          scoHeader('Three parts / Part 3'),
          scoHeader('Safety basics (SCORM 1.2) / Lesson one'),
        ]
          .join(',')
          .replace(/[()]/g, '\\$&')}$`,
      ),
    )
    expect(benLine).toMatch(/^"\d+","Ben Beginner",.*,"not attempted","","not attempted","","not attempted","","not attempted",""$/)
    expect(lenaLine).toMatch(/,"1","4","[^"]+","passed","80","incomplete","50","not attempted","","failed","45"$/)
  })

  it("shows the package in progress on the learner's home after the first commit, though the home before it was kept", async () => {
    const { admin, learner, tree, subTopicId } = await setup()
    const pkg = (await upload(admin.token, subTopicId, multiScoPackage())).body.data!
    const home = async () => {
      const res = await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: learner.token })
      return res.body.data!.packages.find((p) => p.id === tree.packageId)!.status
    }
    await home()
    ctx.queries.count = 0
    expect(await home()).toBe('not-started')
    expect(ctx.queries.count).toBe(0)

    // One SCO of three done: the package is started, not completed (no completion to announce it).
    const token = launchTokenOf((await launch(learner.token, pkg.id, pkg.scos[0]!.id)).body.data!.url)
    expect((await commit(token, { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed' })).body.data).toMatchObject({
      completed: true,
    })
    expect(await home()).toBe('in-progress')
  })

  it('keeps a SCORM 2004 sub-topic from completing while its success status is failed', async () => {
    const { admin, learner, tree, subTopicId } = await setup()
    const pkg = (await upload(admin.token, subTopicId, singleScoPackage('2004-4'))).body.data!
    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    const failed = await commit(token, { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed', 'cmi.score.scaled': '0.3' })
    expect(failed.body.data).toMatchObject({ status: 'failed', score: 30, completed: false })
    const progress = await ctx.request<PackageProgress>('GET', `/api/progress/packages/${tree.packageId}`, { token: learner.token })
    expect(progress.body.data!.skills[0]!.topics[0]!.subTopics.find((s) => s.id === subTopicId)!.completed).toBe(false)
    const passed = await commit(token, { 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.9' })
    expect(passed.body.data).toMatchObject({ status: 'passed', score: 90, completed: true })
  })
})

describe('SCORM completes the assignment', () => {
  const completedAt = async (userId: number) =>
    (await ctx.database.db.select({ at: userPackages.completedAt }).from(userPackages).where(eq(userPackages.userId, userId)))[0]?.at ??
    null

  it("sets the learner's completed_at in the commit that finishes the package, once; a failed SCO or an admin's preview sets nothing", async () => {
    const { admin, learner, tree, subTopicId } = await setup()
    await ctx.database.db.insert(userPackages).values({ userId: admin.user.id, packageId: tree.packageId })
    const pkg = (await upload(admin.token, subTopicId, singleScoPackage('2004-4'))).body.data!
    const finished = { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.9' }

    const preview = launchTokenOf((await launch(admin.token, pkg.id)).body.data!.url)
    expect((await commit(preview, finished)).status).toBe(200)
    expect(await completedAt(admin.user.id)).toBeNull()

    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)
    await commit(token, { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed' })
    expect(await completedAt(learner.user.id)).toBeNull()

    ctx.now = new Date('2026-03-02T10:00:00.000Z')
    expect((await commit(token, finished)).body.data).toMatchObject({ completed: true })
    expect((await completedAt(learner.user.id))?.toISOString()).toBe('2026-03-02T10:00:00.000Z')

    ctx.now = new Date('2026-03-09T10:00:00.000Z')
    await commit(token, { ...finished, 'cmi.suspend_data': 'again' })
    expect((await completedAt(learner.user.id))?.toISOString()).toBe('2026-03-02T10:00:00.000Z')
  })
})

describe('the SCORM content origin', () => {
  it('serves the launcher and the package files a launch token names, with types, Range and a CSP; nothing else', async () => {
    const { admin, learner, subTopicId } = await setup()
    const pkg = (await upload(admin.token, subTopicId, singleScoPackage('1.2'))).body.data!
    const other = (await upload(admin.token, subTopicId, hostilePackage('http://learnpack.test'))).body.data!
    const content = createContentApp(ctx.deps)
    const token = launchTokenOf((await launch(learner.token, pkg.id)).body.data!.url)

    const page = await content.request(`/scorm/${token}/launch`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<script src="/runtime/scorm-again.min.js"></script>')
    expect(html).toContain('data-api="http://learnpack.test/api/scorm/runtime"')
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("connect-src 'self' http://learnpack.test/api/scorm/runtime")
    expect(csp).toContain("frame-ancestors http://learnpack.test 'self'")

    const lesson = await content.request(`/scorm/${token}/files/lesson/index.html`)
    expect(lesson.status).toBe(200)
    expect(lesson.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await lesson.text()).toContain('Finish lesson')
    const part = await content.request(`/scorm/${token}/files/lesson/notes.txt`, { headers: { range: 'bytes=0-4' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 0-4/19')
    expect(await part.text()).toBe('Notes')

    // Media inside the package: its type, whole or in ranges, as a <video> asks for it.
    const clipPath = `/scorm/${token}/files/lesson/media/clip.mp4`
    const whole = await content.request(clipPath)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await whole.arrayBuffer()).equals(CLIP)).toBe(true)
    const open = await content.request(clipPath, { headers: { range: 'bytes=0-' } })
    expect(open.status).toBe(206)
    expect(open.headers.get('content-range')).toBe(`bytes 0-${CLIP.length - 1}/${CLIP.length}`)
    const middle = await content.request(clipPath, { headers: { range: 'bytes=1000-1999' } })
    expect(middle.status).toBe(206)
    expect(middle.headers.get('content-length')).toBe('1000')
    expect(Buffer.from(await middle.arrayBuffer()).equals(CLIP.subarray(1000, 2000))).toBe(true)
    const tail = await content.request(clipPath, { headers: { range: 'bytes=-100' } })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals(CLIP.subarray(CLIP.length - 100))).toBe(true)
    const beyond = await content.request(clipPath, { headers: { range: `bytes=${CLIP.length}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${CLIP.length}`)
    const head = await content.request(clipPath, { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe(String(CLIP.length))
    // The launch token travels in the path; this origin never sets a cookie.
    for (const res of [page, lesson, whole, middle]) expect(res.headers.get('set-cookie')).toBeNull()

    const runtimeScript = await content.request('/runtime/scorm-again.min.js')
    expect(runtimeScript.status).toBe(200)
    expect(runtimeScript.headers.get('content-type')).toContain('javascript')

    expect((await content.request(`/scorm/${token}/files/index.html`)).status).toBe(404) // the hostile package's file
    expect((await content.request(`/scorm/${token}/files/`)).status).toBe(404)
    expect((await content.request(`/scorm/${token}/files/lesson%5C..%5Cimsmanifest.xml`)).status).toBe(404)
    expect((await content.request(`/scorm/not-a-token/files/lesson/index.html`)).status).toBe(401)
    expect((await content.request(`/scorm/${learner.token}/launch`)).status).toBe(401)
    expect((await content.request('/api/user/getUserByEmail', { headers: { authorization: `Bearer ${learner.token}` } })).status).toBe(404)
    expect(other.id).not.toBe(pkg.id)
  })
})
