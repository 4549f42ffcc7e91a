import type { ItemAnalysis, ItemStats } from '../../contract/reports.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqs, userPackages, users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'

/**
 * Item analysis over a seeded data set. Every expected figure is computed here from the seeded answers, with the
 * textbook formulas (facility = correct / attempts; point-biserial r = (M1 − M0) / s · √(p·q) over the rest scores),
 * never by asking the service.
 */

const ctx = setupTestContext({}, { resetBeforeEach: false })
const LEARNERS = 25

type Key = 'q1' | 'q2' | 'q3' | 'q4' | 'q5'
/** Sub-topic S1: five questions every learner answered once; q5's option B is 'na' (no choice). */
const S1_QUESTIONS: Record<Key, { options: Record<string, string>; correct: string }> = {
  q1: { options: { A: 'a1', B: 'b1', C: 'c1', D: 'd1' }, correct: 'A' },
  q2: { options: { A: 'a2', B: 'b2', C: 'c2', D: 'd2' }, correct: 'B' },
  q3: { options: { A: 'a3', B: 'b3', C: 'c3', D: 'd3' }, correct: 'C' },
  q4: { options: { A: 'a4', B: 'b4', C: 'c4', D: 'd4' }, correct: 'B,D' },
  q5: { options: { A: 'a5', B: 'na', C: 'c5' }, correct: 'A' },
}
/** Learner i's picks per question (i = 0 … 24; higher i does better overall, except on q3). */
function picks(i: number): Record<Key, string[]> {
  return {
    q1: i >= 8 ? ['A'] : i % 2 ? ['B'] : ['C'],
    q2: i === 0 ? ['A'] : ['B'],
    q3: i < 4 ? ['C'] : ['D'],
    q4: i >= 10 ? ['B', 'D'] : i % 2 ? ['B'] : ['A', 'D'],
    q5: i % 4 === 0 ? [] : i >= 12 ? ['A'] : ['C'],
  }
}

let admin: string
let tree: BuiltTree
let other: BuiltTree
let qid: Record<Key | 'q6' | 'q7' | 'x1', number>
/** What the expected figures are computed from: per attempt, per question, the picks and whether right. */
const graded: { attempt: string; mcq: Key | 'q6' | 'q7'; chosen: string[]; correct: boolean }[] = []

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join()

beforeAll(async () => {
  const db = ctx.deps.db
  admin = (await ctx.createUser({ role: 'admin' })).token
  tree = await insertTree(db, { skills: 1, topics: 1, subTopics: 2, label: 'Items' })
  other = await insertTree(db, { skills: 1, topics: 1, subTopics: 1, label: 'Other' })
  const [s1, s2] = tree.subTopicIds as [number, number]
  const inserted = await db
    .insert(mcqs)
    .values([
      ...Object.entries(S1_QUESTIONS).map(([key, q]) => ({
        subTopicId: s1,
        question: `Question ${key}`,
        options: JSON.stringify(q.options),
        correctOption: q.correct,
      })),
      { subTopicId: s2, question: 'Question q6', options: JSON.stringify({ A: 'a6', B: 'b6', C: 'c6' }), correctOption: 'A' },
      { subTopicId: s2, question: 'Question q7', options: JSON.stringify({ A: 'a7', B: 'b7' }), correctOption: 'B' },
      { subTopicId: other.subTopicIds[0]!, question: 'Other package', options: JSON.stringify({ A: 'x', B: 'y' }), correctOption: 'A' },
    ])
    .returning({ id: mcqs.id, question: mcqs.question })
  qid = Object.fromEntries(inserted.map((m) => [m.question === 'Other package' ? 'x1' : m.question.slice(9), m.id])) as typeof qid

  const learners = await db
    .insert(users)
    .values(Array.from({ length: LEARNERS }, (_, i) => ({ email: `learner${i}@example.com`, name: `Learner ${i}` })))
    .returning({ id: users.id })

  // S1: one graded attempt per learner, stored as the grading stores them, plus practice attempts that must not count.
  const at = new Date('2025-03-01T10:00:00Z')
  for (const [i, learner] of learners.entries()) {
    const chosen = picks(i)
    const rows = (Object.keys(S1_QUESTIONS) as Key[]).map((key) => ({
      key,
      chosen: chosen[key],
      correct: sameSet(chosen[key], S1_QUESTIONS[key].correct.split(',')),
    }))
    const score = rows.filter((r) => r.correct).length
    const [attempt] = await db
      .insert(mcqAttempts)
      .values({ userId: learner.id, subTopicId: s1, attemptNumber: 1, score, totalMarks: 5, attemptedAt: at })
      .returning({ id: mcqAttempts.id })
    await db
      .insert(mcqAttemptAnswers)
      .values(rows.map((r) => ({ attemptId: attempt!.id, mcqId: qid[r.key], chosen: [...r.chosen].sort().join(','), correct: r.correct })))
    for (const r of rows) graded.push({ attempt: `s1-${i}`, mcq: r.key, chosen: r.chosen, correct: r.correct })
    if (i < 6) {
      // A practice sitting: every answer picks option C (q1's unused option otherwise), all wrong but q3.
      const [practice] = await db
        .insert(mcqAttempts)
        .values({ userId: learner.id, subTopicId: s1, attemptNumber: 0, score: 0, totalMarks: 5, attemptedAt: at, practice: true })
        .returning({ id: mcqAttempts.id })
      await db.insert(mcqAttemptAnswers).values(
        (Object.keys(S1_QUESTIONS) as Key[]).map((key) => ({
          attemptId: practice!.id,
          mcqId: qid[key],
          chosen: 'C',
          correct: key === 'q3',
        })),
      )
    }
  }

  // S2 and the other package: tests submitted through the API by three assigned learners.
  const takers = await Promise.all([0, 1, 2].map(() => ctx.createUser({ role: 'USER' })))
  await db.insert(userPackages).values(
    takers.flatMap((t) => [
      { userId: t.user.id, packageId: tree.packageId },
      { userId: t.user.id, packageId: other.packageId },
    ]),
  )
  const s2Answers: Record<'q6' | 'q7', string[]>[] = [
    { q6: ['A'], q7: ['B'] },
    { q6: ['A'], q7: [] },
    { q6: ['C'], q7: ['B'] },
  ]
  for (const [n, taker] of takers.entries()) {
    const answers = s2Answers[n]!
    const res = await ctx.request('POST', '/api/mcq-attempts/create', {
      token: taker.token,
      body: { subTopicIds: [s2], answers: { [qid.q6]: answers.q6, [qid.q7]: answers.q7 } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    graded.push({ attempt: `s2-${n}`, mcq: 'q6', chosen: answers.q6, correct: sameSet(answers.q6, ['A']) })
    graded.push({ attempt: `s2-${n}`, mcq: 'q7', chosen: answers.q7, correct: sameSet(answers.q7, ['B']) })
    const elsewhere = await ctx.request('POST', '/api/mcq-attempts/create', {
      token: taker.token,
      body: { subTopicIds: [other.subTopicIds[0]], answers: { [qid.x1]: ['B'] } },
    })
    expect(elsewhere.status).toBe(201)
  }
})

/** The expected figures of one question, from `graded` alone. */
function expected(key: Key | 'q6' | 'q7', options: Record<string, string>) {
  const own = graded.filter((g) => g.mcq === key)
  const attempts = own.length
  const facility = own.filter((g) => g.correct).length / attempts
  // Rest score: the share correct of the attempt's other questions.
  const rest = own.map((g) => {
    const others = graded.filter((o) => o.attempt === g.attempt && o.mcq !== key)
    return { correct: g.correct, rest: others.filter((o) => o.correct).length / others.length }
  })
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  const all = rest.map((r) => r.rest)
  const sd = Math.sqrt(mean(all.map((x) => (x - mean(all)) ** 2)))
  const right = rest.filter((r) => r.correct).map((r) => r.rest)
  const wrong = rest.filter((r) => !r.correct).map((r) => r.rest)
  const p = right.length / rest.length
  const discrimination = right.length && wrong.length && sd > 0 ? ((mean(right) - mean(wrong)) / sd) * Math.sqrt(p * (1 - p)) : null
  const shown = Object.keys(options).filter((letter) => options[letter] !== 'na')
  const pickRates = Object.fromEntries(shown.map((letter) => [letter, own.filter((g) => g.chosen.includes(letter)).length / attempts]))
  const flags: string[] = []
  // Below 10 attempts a question is too little answered to flag.
  if (attempts < 10) return { attempts, unanswered: own.filter((g) => !g.chosen.length).length, facility, discrimination, pickRates, flags }
  if (facility > 0.9) flags.push('too easy')
  if (facility < 0.2) flags.push('too hard')
  if (discrimination !== null && discrimination < 0) flags.push('check the key')
  if (attempts >= 20 && Object.values(pickRates).some((rate) => rate < 0.05)) flags.push('unused option')
  return { attempts, unanswered: own.filter((g) => !g.chosen.length).length, facility, discrimination, pickRates, flags }
}

const OPTIONS: Record<Key | 'q6' | 'q7', Record<string, string>> = {
  q1: S1_QUESTIONS.q1.options,
  q2: S1_QUESTIONS.q2.options,
  q3: S1_QUESTIONS.q3.options,
  q4: S1_QUESTIONS.q4.options,
  q5: S1_QUESTIONS.q5.options,
  q6: { A: 'a6', B: 'b6', C: 'c6' },
  q7: { A: 'a7', B: 'b7' },
}

async function analysis() {
  const res = await ctx.request<ItemAnalysis>('GET', `/api/reports/items?packageId=${tree.packageId}`, { token: admin })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!
}

describe('GET /api/reports/items', () => {
  it("lists the package's questions only, in sub-topic order, with its title", async () => {
    const data = await analysis()
    expect(data).toMatchObject({ packageId: tree.packageId, title: 'Items package' })
    expect(data.items.map((i) => i.question)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'].map((k) => `Question ${k}`))
    expect(data.items.map((i) => i.subTopicId)).toEqual([...Array(5).fill(tree.subTopicIds[0]), ...Array(2).fill(tree.subTopicIds[1])])
  })

  it.each(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] as const)(
    '%s: attempts, facility, discrimination, pick rates and flags as computed from the answers (practice left out)',
    async (key) => {
      const item = (await analysis()).items.find((i) => i.mcqId === qid[key])!
      const want = expected(key, OPTIONS[key])
      expect(item.attempts).toBe(want.attempts)
      expect(item.unanswered).toBe(want.unanswered)
      expect(item.facility).toBeCloseTo(want.facility, 3)
      if (want.discrimination === null) expect(item.discrimination).toBeNull()
      else expect(item.discrimination).toBeCloseTo(want.discrimination, 3)
      expect(Object.fromEntries(item.options.map((o) => [o.key, o.pickRate]))).toEqual(
        Object.fromEntries(Object.entries(want.pickRates).map(([k, v]) => [k, Math.round(v * 1000) / 1000])),
      )
      expect(item.flags).toEqual(want.flags)
    },
  )

  it('the seeded set exercises every flag, and each option says whether it is correct', async () => {
    const byKey = (k: Key) => (async () => (await analysis()).items.find((i) => i.mcqId === qid[k])!)()
    expect((await byKey('q2')).flags).toContain('too easy')
    expect((await byKey('q3')).flags).toEqual(expect.arrayContaining(['too hard', 'check the key']))
    expect((await byKey('q4')).flags).toContain('unused option')
    expect((await byKey('q1')).discrimination!).toBeGreaterThan(0)
    const q4: ItemStats = await byKey('q4')
    expect(q4.options.map((o) => [o.key, o.text, o.correct])).toEqual([
      ['A', 'a4', false],
      ['B', 'b4', true],
      ['C', 'c4', false],
      ['D', 'd4', true],
    ])
    // 'na' is no choice: never listed.
    expect((await byKey('q5')).options.map((o) => o.key)).toEqual(['A', 'C'])
    // Practice attempts (which all picked C) are not counted: q1's C is picked by the even learners below 8 only.
    expect((await byKey('q1')).attempts).toBe(LEARNERS)
  })

  it('flags nothing below 10 attempts, and says so: q6 and q7 have 3 attempts and a negative discrimination', async () => {
    const data = await analysis()
    expect(data.minAttemptsForFlags).toBe(10)
    const q6 = data.items.find((i) => i.mcqId === qid.q6)!
    expect(q6.attempts).toBe(3)
    expect(q6.discrimination!).toBeLessThan(0)
    expect(q6.flags).toEqual([])
  })

  it('a question nobody has answered has zero attempts, null figures and no flags', async () => {
    const [fresh] = await ctx.deps.db
      .insert(mcqs)
      .values({ subTopicId: tree.subTopicIds[1]!, question: 'Fresh', options: JSON.stringify({ A: 'x', B: 'y' }), correctOption: 'A' })
      .returning({ id: mcqs.id })
    try {
      const item = (await analysis()).items.find((i) => i.mcqId === fresh!.id)!
      expect(item).toMatchObject({ attempts: 0, unanswered: 0, facility: null, discrimination: null, flags: [] })
      expect(item.options.map((o) => o.pickRate)).toEqual([null, null])
    } finally {
      const { eq } = await import('drizzle-orm')
      await ctx.deps.db.delete(mcqs).where(eq(mcqs.id, fresh!.id))
    }
  })

  it('unknown package → 404; missing or bad packageId → 400 naming it; learners → 403; anonymous → 401', async () => {
    const missing = await ctx.request('GET', '/api/reports/items?packageId=99999', { token: admin })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Package not found')
    for (const query of ['', '?packageId=abc', '?packageId=0']) {
      const res = await ctx.request('GET', `/api/reports/items${query}`, { token: admin })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('packageId')
    }
    const learner = await ctx.createUser({ role: 'USER' })
    expect((await ctx.request('GET', `/api/reports/items?packageId=${tree.packageId}`, { token: learner.token })).status).toBe(403)
    expect((await ctx.request('GET', `/api/reports/items?packageId=${tree.packageId}`)).status).toBe(401)
  })
})

describe('GET /api/reports/items/export', () => {
  it('answers the same figures as CSV, one line per question, named after the package', async () => {
    const data = await analysis()
    const res = await ctx.app.request(`/api/reports/items/export?packageId=${tree.packageId}`, {
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="items-items-package.csv"')
    const lines = (await res.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '"Question ID","Sub-topic","Question","Attempts","Unanswered","Facility %","Discrimination","Correct options","Option A picked %","Option B picked %","Option C picked %","Option D picked %","Flags"',
    )
    expect(lines).toHaveLength(1 + 7)
    const cells = (line: string) => line.slice(1, -1).split('","')
    const q3 = expected('q3', OPTIONS.q3)
    const row = cells(lines[3]!)
    expect(row.slice(0, 8)).toEqual([
      String(qid.q3),
      data.items[2]!.subTopicTitle,
      'Question q3',
      String(q3.attempts),
      '0',
      String(Math.round(q3.facility * 1000) / 10),
      String(Math.round(q3.discrimination! * 1000) / 1000),
      'C',
    ])
    expect(Number(row[6])).toBeLessThan(0) // a negative number stays a number, not a quoted formula guard
    expect(row.slice(8, 12).map(Number)).toEqual(['A', 'B', 'C', 'D'].map((l) => Math.round(q3.pickRates[l]! * 1000) / 10))
    expect(row[12]).toBe(q3.flags.join('; '))
    // Too few attempts to flag: the cell says so rather than standing empty.
    expect(cells(lines[6]!)[12]).toBe('Too few attempts (3 of 10)')
    // q5 has no option D, and 'na' option B: those cells are empty.
    expect(
      cells(lines[5]!)
        .slice(8, 12)
        .map((c) => c === ''),
    ).toEqual([false, true, false, true])
  })

  it('learners → 403; unknown package → 404', async () => {
    const learner = await ctx.createUser({ role: 'USER' })
    expect((await ctx.request('GET', `/api/reports/items/export?packageId=${tree.packageId}`, { token: learner.token })).status).toBe(403)
    expect((await ctx.request('GET', '/api/reports/items/export?packageId=99999', { token: admin })).status).toBe(404)
  })
})
