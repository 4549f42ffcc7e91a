import { and, eq } from 'drizzle-orm'
import type { Video } from '../../contract/content.ts'
import type { Mcq } from '../../contract/media.ts'
import type { AttemptResult } from '../../contract/learning.ts'
import type { DashboardFigures, PackageReport, PackageReportRow } from '../../contract/reports.ts'
import { mcqAttempts, packages, userPackages, users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'
import { upload, videoParts } from '../test/media.ts'

/**
 * Reports over a seeded data set. Every expected figure is computed here, in plain JS over the inputs
 * below (the questions' answer keys, who answered what and when), never by asking the service.
 */

const DAY = 86_400_000
const HOUR = 3_600_000
const NOW = new Date('2025-03-20T12:00:00Z')
const P1_TITLE = 'Data & "Science" 101'

const ctx = setupTestContext()
let admin: string
type Person = { key: string; token: string; id: number; name: string; email: string; role: 'admin' | 'USER'; createdAt: Date }
let people: Record<string, Person>
let p1: BuiltTree
let p2: BuiltTree
/** Sub-topics: a, b, c (no questions) in P1; d in P2. */
let sub: Record<'a' | 'b' | 'c' | 'd', number>
let subTitle: Record<number, { title: string; topicTitle: string; skillTitle: string }>
/** The questions with their answer keys, as seeded. */
const QUESTIONS = [
  { key: 'qa1', sub: 'a', question: 'Pick A', correct: 'A' },
  { key: 'qa2', sub: 'a', question: '=HYPERLINK("http://evil.example","click")', correct: 'B,D' },
  { key: 'qb1', sub: 'b', question: 'Say "hi"?', correct: 'C' },
  { key: 'qd1', sub: 'd', question: 'First of P2', correct: 'A' },
  { key: 'qd2', sub: 'd', question: 'Second of P2', correct: 'B' },
] as const
type QKey = (typeof QUESTIONS)[number]['key']
let qid: Record<QKey, number>

/** Who took which test, with which answers, when (offset from NOW). */
const SUBMISSIONS: { who: string; subs: ('a' | 'b' | 'c' | 'd')[]; answers: Partial<Record<QKey, string[]>>; at: Date }[] = [
  { who: 'l1', subs: ['a', 'b'], answers: { qa1: ['A'], qa2: ['B', 'D'], qb1: ['C'] }, at: new Date(NOW.getTime() - HOUR) },
  { who: 'l1', subs: ['a'], answers: { qa1: ['B'] }, at: new Date(NOW.getTime() - DAY) },
  { who: 'l2', subs: ['a'], answers: { qa1: ['A'], qa2: ['B'] }, at: new Date(NOW.getTime() - 3 * DAY) },
  { who: 'l2', subs: ['b', 'c'], answers: {}, at: new Date(NOW.getTime() - 6 * DAY - 23 * HOUR) },
  { who: 'l3', subs: ['a', 'b'], answers: { qa1: ['A'], qa2: ['D', 'B'], qb1: ['A'] }, at: new Date(NOW.getTime() - 8 * DAY) },
  { who: 'l3', subs: ['d'], answers: { qd1: ['A'], qd2: ['B'] }, at: new Date(NOW.getTime() - 2 * DAY) },
  { who: 'l1', subs: ['d'], answers: { qd1: ['C'] }, at: new Date(NOW.getTime() - 20 * DAY) },
  // the first of the 14 chart days starts at midnight UTC 13 days back: one attempt just inside, one just before
  { who: 'l3', subs: ['a'], answers: {}, at: new Date('2025-03-07T01:00:00Z') },
  { who: 'l1', subs: ['b'], answers: { qb1: ['C'] }, at: new Date('2025-03-06T23:00:00Z') },
]
/** Plays: each (learner, video) once, in the same hour. */
const VIEWS: Record<'v1' | 'v2' | 'v3', string[]> = { v1: ['l1', 'l2'], v2: ['l1', 'l2', 'l3'], v3: ['l3'] }
const ASSIGNMENTS: Record<string, ('p1' | 'p2')[]> = { l1: ['p1', 'p2'], l2: ['p1'], l3: ['p1', 'p2'], l4: [] }

let videoRows: Record<'v1' | 'v2' | 'v3', { id: number; title: string; subTopicId: number }>

beforeEach(async () => {
  ctx.now = NOW
  cycleStarts = {}
  people = {}
  const plan = [
    ['admin', 'admin', 'Ada Admin', 40],
    ['admin2', 'admin', 'Abe Admin', 2],
    ['l1', 'USER', 'Lena One', 30],
    ['l2', 'USER', 'Leo Two', 5],
    ['l3', 'USER', 'Lia Three', 1],
    ['l4', 'USER', 'Lou Four', 3],
  ] as const
  for (const [key, role, name, daysAgo] of plan) {
    const made = await ctx.createUser({ role, name })
    const createdAt = new Date(NOW.getTime() - daysAgo * DAY)
    await ctx.deps.db.update(users).set({ createdAt }).where(eq(users.id, made.user.id))
    people[key] = { key, token: made.token, id: made.user.id, name, email: made.user.email, role, createdAt }
  }
  admin = people.admin!.token

  p1 = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 3, label: 'A' })
  p2 = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'B' })
  await ctx.deps.db.update(packages).set({ title: P1_TITLE }).where(eq(packages.id, p1.packageId))
  sub = { a: p1.subTopicIds[0]!, b: p1.subTopicIds[1]!, c: p1.subTopicIds[2]!, d: p2.subTopicIds[0]! }
  subTitle = {
    [sub.a]: { title: 'A sub-topic 0.0', topicTitle: 'A topic 0.0', skillTitle: 'A skill 0' },
    [sub.b]: { title: 'A sub-topic 0.1', topicTitle: 'A topic 0.0', skillTitle: 'A skill 0' },
    [sub.c]: { title: 'A sub-topic 0.2', topicTitle: 'A topic 0.0', skillTitle: 'A skill 0' },
    [sub.d]: { title: 'B sub-topic 0.0', topicTitle: 'B topic 0.0', skillTitle: 'B skill 0' },
  }

  qid = {} as Record<QKey, number>
  for (const q of QUESTIONS) {
    const res = await ctx.request<Mcq>('POST', '/api/mcqs/create', {
      token: admin,
      body: {
        subTopicId: sub[q.sub],
        question: q.question,
        options: JSON.stringify({ A: 'a', B: 'b', C: 'c', D: 'd' }),
        correctOption: q.correct,
      },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    qid[q.key] = res.body.data!.id
  }

  for (const [who, pkgs] of Object.entries(ASSIGNMENTS)) {
    if (!pkgs.length) continue
    const packageIds = pkgs.map((p) => (p === 'p1' ? p1.packageId : p2.packageId))
    const res = await ctx.request('PUT', `/api/user/${people[who]!.id}/assign-packages`, { token: admin, body: { packageIds } })
    expect(res.status).toBe(200)
  }

  const where = { v1: sub.a, v2: sub.b, v3: sub.d }
  videoRows = {} as typeof videoRows
  for (const [key, subTopicId] of Object.entries(where) as ['v1' | 'v2' | 'v3', number][]) {
    const res = await upload<Video>(ctx, `/api/videos/upload/${subTopicId}`, videoParts({ title: `Video ${key}` }), admin)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    videoRows[key] = { id: res.body.data!.id, title: `Video ${key}`, subTopicId }
  }
  for (const [key, viewers] of Object.entries(VIEWS) as ['v1' | 'v2' | 'v3', string[]][]) {
    for (const who of viewers) {
      const res = await ctx.request('POST', `/api/videos/${videoRows[key].id}/view`, { token: people[who]!.token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
  }

  for (const s of SUBMISSIONS) {
    ctx.now = s.at
    const answers = Object.fromEntries(Object.entries(s.answers).map(([k, v]) => [qid[k as QKey], v]))
    const res = await ctx.request<AttemptResult>('POST', '/api/mcq-attempts/create', {
      token: people[s.who]!.token,
      body: { subTopicIds: s.subs.map((k) => sub[k]), answers },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  ctx.now = NOW
})

// ---- the expected figures, computed from the inputs above ----

const sameSet = (chosen: string[], correct: string) => {
  const want = correct.split(',').sort().join(',')
  const got = [...new Set(chosen.map((c) => c.toUpperCase()))].sort().join(',')
  return want === got
}

/** When a learner's current cycle of a package began (a certificate's renewal), by 'who:pkg'; none means cycle 1. */
let cycleStarts: Partial<Record<string, Date>> = {}
const pkgOf = (k: 'a' | 'b' | 'c' | 'd') => (k === 'd' ? 'p2' : 'p1')

/**
 * One stored attempt per sub-topic (that has questions) of each submission, with that sub-topic's own score; only
 * those of the learner's current cycle of the package.
 */
function expectedAttempts() {
  const rows: {
    who: string
    sub: 'a' | 'b' | 'c' | 'd'
    score: number
    total: number
    at: Date
    perQuestion: { key: QKey; correct: boolean }[]
  }[] = []
  for (const s of SUBMISSIONS) {
    for (const k of s.subs) {
      const own = QUESTIONS.filter((q) => q.sub === k)
      const cycleStart = cycleStarts[`${s.who}:${pkgOf(k)}`]
      if (!own.length || (cycleStart && s.at < cycleStart)) continue
      const perQuestion = own.map((q) => ({ key: q.key, correct: sameSet(s.answers[q.key] ?? [], q.correct) }))
      rows.push({ who: s.who, sub: k, score: perQuestion.filter((p) => p.correct).length, total: own.length, at: s.at, perQuestion })
    }
  }
  return rows
}

const round1 = (n: number) => Math.round(n * 10) / 10
const meanPercent = (rows: { score: number; total: number }[]) =>
  rows.length ? round1(rows.reduce((sum, r) => sum + (r.score / r.total) * 100, 0) / rows.length) : null
const subsOf = (pkg: 'p1' | 'p2') => (pkg === 'p1' ? (['a', 'b', 'c'] as const) : (['d'] as const)) as readonly ('a' | 'b' | 'c' | 'd')[]

function expectedPackageRow(pkg: 'p1' | 'p2'): PackageReportRow {
  const rows = expectedAttempts().filter((r) => subsOf(pkg).includes(r.sub))
  return {
    packageId: pkg === 'p1' ? p1.packageId : p2.packageId,
    title: pkg === 'p1' ? P1_TITLE : 'B package',
    assignedLearners: Object.values(ASSIGNMENTS).filter((list) => list.includes(pkg)).length,
    testsTaken: rows.length,
    averagePercent: meanPercent(rows),
  }
}

function expectedPackageReport(pkg: 'p1' | 'p2'): PackageReport {
  const attempts = expectedAttempts()
  return {
    ...expectedPackageRow(pkg),
    subTopics: subsOf(pkg).map((k) => {
      const rows = attempts.filter((r) => r.sub === k)
      return { subTopicId: sub[k], ...subTitle[sub[k]]!, attempts: rows.length, averagePercent: meanPercent(rows) }
    }),
    questions: QUESTIONS.filter((q) => subsOf(pkg).includes(q.sub)).map((q) => {
      const answers = attempts.flatMap((r) => r.perQuestion.filter((p) => p.key === q.key))
      const correct = answers.filter((a) => a.correct).length
      return {
        mcqId: qid[q.key],
        subTopicId: sub[q.sub],
        question: q.question,
        answered: answers.length,
        correctShare: answers.length ? Math.round((correct / answers.length) * 1000) / 1000 : null,
      }
    }),
  }
}

describe('GET /api/reports/dashboard', () => {
  it('counts learners (USER role only), packages, videos and questions', async () => {
    const res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      learners: Object.values(people).filter((p) => p.role === 'USER').length,
      packages: 2,
      videos: Object.keys(videoRows).length,
      questions: QUESTIONS.length,
    })
    expect(res.body.data!.learners).toBe(4)
  })

  it('counts the attempts of the last 7 days (one per sub-topic of a test)', async () => {
    const since = NOW.getTime() - 7 * DAY
    const expected = expectedAttempts().filter((r) => r.at.getTime() >= since).length
    const res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(res.body.data!.attemptsLast7Days).toBe(expected)
    // the data set has attempts on both sides of the line
    expect(expected).toBeGreaterThan(0)
    expect(expected).toBeLessThan(expectedAttempts().length)
  })

  it('practice sittings are not tests taken: the 7-day count and the per-day counts leave them out', async () => {
    const before = (await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })).body.data!
    const at = new Date(NOW.getTime() - DAY)
    const [practice] = await ctx.deps.db
      .insert(mcqAttempts)
      .values({ userId: people.l1!.id, subTopicId: sub.a, attemptNumber: 0, score: 0, totalMarks: 1, attemptedAt: at, practice: true })
      .returning({ id: mcqAttempts.id })
    try {
      const after = (await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })).body.data!
      expect(after.attemptsLast7Days).toBe(before.attemptsLast7Days)
      expect(after.attemptsPerDay).toEqual(before.attemptsPerDay)
    } finally {
      await ctx.deps.db.delete(mcqAttempts).where(eq(mcqAttempts.id, practice!.id))
    }
  })

  it('moving the clock moves the window', async () => {
    ctx.now = new Date(NOW.getTime() + 2 * DAY)
    const since = ctx.now.getTime() - 7 * DAY
    const expected = expectedAttempts().filter((r) => r.at.getTime() >= since && r.at.getTime() <= ctx.now.getTime()).length
    // a session of the moved clock (the seeded ones have expired by then)
    const token = await ctx.deps.tokens.sign({ userId: people.admin!.id, role: 'admin' })
    const res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data!.attemptsLast7Days).toBe(expected)
    const before = expectedAttempts().filter((r) => r.at.getTime() >= NOW.getTime() - 7 * DAY).length
    expect(expected).toBeLessThan(before)
  })

  it('attemptsPerDay has the 14 UTC days ending today with each day’s count', async () => {
    const today = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate())
    const days = Array.from({ length: 14 }, (_, i) => new Date(today - (13 - i) * DAY).toISOString().slice(0, 10))
    const rows = expectedAttempts()
    const expected = days.map((day) => ({ day, attempts: rows.filter((r) => r.at.toISOString().slice(0, 10) === day).length }))
    const res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(res.body.data!.attemptsPerDay).toEqual(expected)
    expect(expected[0]).toEqual({ day: '2025-03-07', attempts: 1 })
    expect(expected[13]!.day).toBe('2025-03-20')
    expect(expected.reduce((sum, d) => sum + d.attempts, 0)).toBe(rows.filter((r) => r.at.getTime() >= Date.UTC(2025, 2, 7)).length)
  })

  it('mostViewedVideos are ordered by plays, with titles and sub-topic titles', async () => {
    const expected = (Object.keys(videoRows) as ('v1' | 'v2' | 'v3')[])
      .map((key) => ({
        id: videoRows[key].id,
        title: videoRows[key].title,
        subTopicTitle: subTitle[videoRows[key].subTopicId]!.title,
        noOfViews: VIEWS[key].length,
      }))
      .sort((x, y) => y.noOfViews - x.noOfViews || x.id - y.id)
    const res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(res.body.data!.mostViewedVideos).toEqual(expected)
    expect(expected.map((v) => v.title)).toEqual(['Video v2', 'Video v1', 'Video v3'])
  })

  it('mostViewedVideos leaves out videos nobody has played', async () => {
    const res = await upload<Video>(ctx, `/api/videos/upload/${videoRows.v1.subTopicId}`, videoParts({ title: 'Never played' }), admin)
    expect(res.status).toBe(201)
    const figures = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(figures.body.data!.videos).toBe(4)
    expect(figures.body.data!.mostViewedVideos.map((v) => v.title)).toEqual(['Video v2', 'Video v1', 'Video v3'])
  })

  it('a second play by the same learner in the same hour does not count; in the next hour it does', async () => {
    await ctx.request('POST', `/api/videos/${videoRows.v3.id}/view`, { token: people.l3!.token })
    let res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(res.body.data!.mostViewedVideos.find((v) => v.id === videoRows.v3.id)!.noOfViews).toBe(1)
    ctx.now = new Date(NOW.getTime() + HOUR)
    for (const who of ['l1', 'l3']) {
      const view = await ctx.request('POST', `/api/videos/${videoRows.v3.id}/view`, { token: people[who]!.token })
      expect(view.status).toBe(200)
    }
    res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    // v3 now ties with v2 at 3 plays: the lower id comes first
    expect(res.body.data!.mostViewedVideos.map((v) => [v.id, v.noOfViews])).toEqual([
      [videoRows.v2.id, 3],
      [videoRows.v3.id, 3],
      [videoRows.v1.id, 2],
    ])
  })

  it('recentSignups are the five newest users, newest first', async () => {
    const expected = Object.values(people)
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id - x.id)
      .slice(0, 5)
      .map((p) => ({ id: p.id, name: p.name, email: p.email, createdAt: p.createdAt.toISOString() }))
    const res = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(res.body.data!.recentSignups).toEqual(expected)
    expect(expected.map((p) => p.name)).toEqual(['Lia Three', 'Abe Admin', 'Lou Four', 'Leo Two', 'Lena One'])
  })
})

describe('GET /api/reports/packages', () => {
  it('lists every package with assigned learners, tests taken and the average %', async () => {
    const res = await ctx.request<PackageReportRow[]>('GET', '/api/reports/packages', { token: admin })
    expect(res.status).toBe(200)
    const expected = [expectedPackageRow('p1'), expectedPackageRow('p2')].sort((x, y) =>
      x.title < y.title ? -1 : x.title > y.title ? 1 : x.packageId - y.packageId,
    )
    expect(res.body.data).toEqual(expected)
    // sanity of the data set: P1 has 3 learners and 9 stored attempts; P2 has 2 learners
    expect(expectedPackageRow('p1')).toMatchObject({ assignedLearners: 3, testsTaken: 9 })
    expect(expectedPackageRow('p2')).toMatchObject({ assignedLearners: 2, testsTaken: 2, averagePercent: 50 })
  })

  it('a package without attempts has 0 tests and a null average', async () => {
    const p3 = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'C' })
    const res = await ctx.request<PackageReportRow[]>('GET', '/api/reports/packages', { token: admin })
    expect(res.body.data!.find((r) => r.packageId === p3.packageId)).toEqual({
      packageId: p3.packageId,
      title: 'C package',
      assignedLearners: 0,
      testsTaken: 0,
      averagePercent: null,
    })
  })
})

describe('GET /api/reports/packages/{id}', () => {
  it('has per sub-topic attempts and average %, and per question the times answered and the correct share', async () => {
    for (const pkg of ['p1', 'p2'] as const) {
      const id = pkg === 'p1' ? p1.packageId : p2.packageId
      const res = await ctx.request<PackageReport>('GET', `/api/reports/packages/${id}`, { token: admin })
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual(expectedPackageReport(pkg))
    }
    const report = expectedPackageReport('p1')
    expect(report.subTopics.find((s) => s.subTopicId === sub.c)).toMatchObject({ attempts: 0, averagePercent: null })
    expect(report.questions.find((q) => q.mcqId === qid.qa2)).toMatchObject({ answered: 5, correctShare: 0.4 })
  })

  it('an unknown package is a 404', async () => {
    const res = await ctx.request('GET', '/api/reports/packages/99999', { token: admin })
    expect(res.status).toBe(404)
    expect((await ctx.request('GET', '/api/reports/packages/99999/export?table=summary', { token: admin })).status).toBe(404)
  })
})

/** A CSV parser for the test: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

describe('a renewal cycle', () => {
  it("counts only the tests of each learner's current cycle in the package list and the package report", async () => {
    // l1 began a second cycle of P1 two days ago (its attempt of 6 March is the first cycle's); l3 of P2 a day ago
    cycleStarts = { 'l1:p1': new Date(NOW.getTime() - 2 * DAY), 'l3:p2': new Date(NOW.getTime() - DAY) }
    for (const [key, cycleStartedAt] of Object.entries(cycleStarts)) {
      const [who, pkg] = key.split(':') as [string, 'p1' | 'p2']
      await ctx.deps.db
        .update(userPackages)
        .set({ cycle: 2, cycleStartedAt })
        .where(and(eq(userPackages.userId, people[who]!.id), eq(userPackages.packageId, pkg === 'p1' ? p1.packageId : p2.packageId)))
    }
    expect(expectedPackageRow('p1').testsTaken).toBe(8)
    expect(expectedPackageRow('p2').testsTaken).toBe(1)
    const list = await ctx.request<PackageReportRow[]>('GET', '/api/reports/packages', { token: admin })
    expect(list.body.data).toEqual(expect.arrayContaining([expectedPackageRow('p1'), expectedPackageRow('p2')]))
    for (const pkg of ['p1', 'p2'] as const) {
      const res = await ctx.request<PackageReport>('GET', `/api/reports/packages/${pkg === 'p1' ? p1.packageId : p2.packageId}`, {
        token: admin,
      })
      expect(res.body.data).toEqual(expectedPackageReport(pkg))
    }
  })
})

describe('GET /api/reports/packages/{id}/export', () => {
  const exportCsv = (table: string) =>
    ctx.app.request(`/api/reports/packages/${p1.packageId}/export?table=${table}`, { headers: { authorization: `Bearer ${admin}` } })

  it('answers one table per CSV attachment: the summary, the sub-topics or the questions, each named after its table', async () => {
    const report = expectedPackageReport('p1')
    const cell = (v: string | number | null) => (v === null ? '' : String(v))
    const safe = (v: string) => (/^[=+\-@]/.test(v) ? `'${v}` : v)
    const want: Record<string, string[][]> = {
      summary: [
        ['Package', 'Assigned learners', 'Tests taken', 'Average score %'],
        [P1_TITLE, cell(report.assignedLearners), cell(report.testsTaken), cell(report.averagePercent)],
      ],
      'sub-topics': [
        ['Skill', 'Topic', 'Sub-topic', 'Attempts', 'Average score %'],
        ...report.subTopics.map((s) => [s.skillTitle, s.topicTitle, s.title, cell(s.attempts), cell(s.averagePercent)]),
      ],
      questions: [
        ['Question ID', 'Sub-topic ID', 'Question', 'Times answered', 'Answered correctly %'],
        ...report.questions.map((q) => [
          cell(q.mcqId),
          cell(q.subTopicId),
          safe(q.question),
          cell(q.answered),
          q.correctShare === null ? '' : cell(Math.round(q.correctShare * 1000) / 10),
        ]),
      ],
    }
    for (const [table, rows] of Object.entries(want)) {
      const res = await exportCsv(table)
      expect(res.status, table).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/csv\b/)
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-data-science-101-${table}.csv"`)
      const text = await res.text()
      expect(parseCsv(text), table).toEqual(rows)
      expect(text.endsWith('\r\n')).toBe(true)
    }
  })

  it('a missing or unknown table is a 400 naming it', async () => {
    for (const query of ['', '?table=everything']) {
      const res = await ctx.request('GET', `/api/reports/packages/${p1.packageId}/export${query}`, { token: admin })
      expect(res.status, query).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('table')
    }
  })

  it('neutralises a formula and escapes quotes', async () => {
    const text = (await (await exportCsv('questions')).text()) + (await (await exportCsv('summary')).text())
    // a cell starting with = is prefixed so a spreadsheet shows it as text
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m)
    // quotes inside a value are doubled, the value quoted
    expect(text).toContain('"Say ""hi""?"')
    expect(text).toContain('"Data & ""Science"" 101"')
  })

  it('other leading formula characters are neutralised too', async () => {
    for (const lead of ['+', '-', '@']) {
      await ctx.request('PUT', `/api/mcqs/update?id=${qid.qa1}`, {
        token: admin,
        body: { question: `${lead}1+1`, options: JSON.stringify({ A: 'a', B: 'b' }), correctOption: 'A' },
      })
      const text = await (await exportCsv('questions')).text()
      expect(text).toContain(`"'${lead}1+1"`)
    }
  })
})

describe('access', () => {
  const routes = () => [
    '/api/reports/dashboard',
    '/api/reports/packages',
    `/api/reports/packages/${p1.packageId}`,
    `/api/reports/packages/${p1.packageId}/export?table=summary`,
  ]

  it('learners get 403 on every report route, assigned or not', async () => {
    for (const who of ['l1', 'l4']) {
      for (const path of routes()) {
        const res = await ctx.request('GET', path, { token: people[who]!.token })
        expect(res.status, `${who} ${path}`).toBe(403)
        expect(JSON.stringify(res.body)).not.toContain('HYPERLINK')
      }
    }
  })

  it('without a session every report route is a 401', async () => {
    for (const path of routes()) expect((await ctx.request('GET', path)).status, path).toBe(401)
  })

  it('any admin may read them', async () => {
    for (const path of routes()) expect((await ctx.request('GET', path, { token: people.admin2!.token })).status, path).toBe(200)
  })
})
