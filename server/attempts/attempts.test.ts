import { and, count, eq } from 'drizzle-orm'
import type { Mcq } from '../../contract/media.ts'
import type { AttemptInput, AttemptResult, McqAttempt } from '../../contract/learning.ts'
import { mcqAttemptAnswers, mcqAttempts } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'

const ctx = setupTestContext()
let admin: { token: string; id: number }
let learner: { token: string; id: number }
let other: { token: string; id: number }
let outsider: { token: string; id: number }
let tree: BuiltTree
let foreignTree: BuiltTree
/** Sub-topic 1 and 2 of the assigned package; 3 is in a package the learners do not have. */
let s1: number
let s2: number
let s3: number
let empty: number
/** Questions by name: s1 has single (A), multi (B,D) and single2 (C); s2 has triple (A,B,C) and last (D). */
const q: Record<'single' | 'multi' | 'single2' | 'triple' | 'last' | 'foreign', number> = {
  single: 0,
  multi: 0,
  single2: 0,
  triple: 0,
  last: 0,
  foreign: 0,
}

beforeEach(async () => {
  const a = await ctx.createUser({ role: 'admin' })
  admin = { token: a.token, id: a.user.id }
  for (const [name, role] of [
    ['learner', 'USER'],
    ['other', 'USER'],
    ['outsider', 'USER'],
  ] as const) {
    const u = await ctx.createUser({ role })
    const value = { token: u.token, id: u.user.id }
    if (name === 'learner') learner = value
    else if (name === 'other') other = value
    else outsider = value
  }
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 3, label: 'A' })
  foreignTree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'B' })
  ;[s1, s2, empty] = tree.subTopicIds as [number, number, number]
  s3 = foreignTree.subTopicIds[0]!
  q.single = await mcq(s1, 'What is 1+1?', { A: '2', B: '3', C: '4' }, 'A')
  q.multi = await mcq(s1, 'Which are even?', { A: '1', B: '2', C: '3', D: '4' }, 'B,D')
  q.single2 = await mcq(s1, 'Capital of France?', { A: 'Rome', B: 'Berlin', C: 'Paris', D: 'Madrid' }, 'C')
  q.triple = await mcq(s2, 'Which are vowels?', { A: 'a', B: 'e', C: 'i', D: 'x' }, 'A,B,C')
  q.last = await mcq(s2, 'Pick D', { A: 'no', B: 'no', C: 'no', D: 'yes' }, 'D')
  q.foreign = await mcq(s3, 'Elsewhere', { A: 'x', B: 'y' }, 'A')
  for (const userId of [learner.id, other.id]) {
    const res = await ctx.request('PUT', `/api/user/${userId}/assign-packages`, {
      token: admin.token,
      body: { packageIds: [tree.packageId] },
    })
    expect(res.status).toBe(200)
  }
})

async function mcq(subTopicId: number, question: string, options: Record<string, string>, correctOption: string) {
  const res = await ctx.request<Mcq>('POST', '/api/mcqs/create', {
    token: admin.token,
    body: { subTopicId, question, options: JSON.stringify(options), correctOption },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data!.id
}

const submit = (body: AttemptInput | Record<string, unknown>, token = learner.token) =>
  ctx.request<AttemptResult>('POST', '/api/mcq-attempts/create', { token, body })
async function take(subTopicIds: number[], answers: Record<number, string[]>, token = learner.token, extra: Record<string, unknown> = {}) {
  const res = await submit({ subTopicIds, answers, ...extra }, token)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data!
}
const attemptCount = async () => (await ctx.deps.db.select({ n: count() }).from(mcqAttempts))[0]!.n
const get = <T>(path: string, token = learner.token) => ctx.request<T>('GET', path, { token })

describe('grading', () => {
  it('all right: single and multiple correct answers, the multiple ones in any order', async () => {
    const result = await take([s1], { [q.single]: ['A'], [q.multi]: ['D', 'B'], [q.single2]: ['C'] })
    expect(result.score).toBe(3)
    expect(result.totalMarks).toBe(3)
    expect(result.review).toEqual([
      { mcqId: q.single, chosen: ['A'], correctOption: 'A', correct: true },
      { mcqId: q.multi, chosen: ['B', 'D'], correctOption: 'B,D', correct: true },
      { mcqId: q.single2, chosen: ['C'], correctOption: 'C', correct: true },
    ])
  })

  it('a partial selection of a multiple-correct question is wrong', async () => {
    const result = await take([s1], { [q.single]: ['A'], [q.multi]: ['B'], [q.single2]: ['C'] })
    expect(result.score).toBe(2)
    expect(result.review.find((r) => r.mcqId === q.multi)).toEqual({ mcqId: q.multi, chosen: ['B'], correctOption: 'B,D', correct: false })
  })

  it('a superset of the correct letters is wrong', async () => {
    const result = await take([s1], { [q.multi]: ['B', 'C', 'D'] })
    expect(result.review.find((r) => r.mcqId === q.multi)!.correct).toBe(false)
    expect(result.score).toBe(0)
  })

  it('a wrong single answer, and two letters on a single-answer question, are wrong', async () => {
    const result = await take([s1], { [q.single]: ['A', 'B'], [q.single2]: ['D'] })
    expect(result.review.map((r) => r.correct)).toEqual([false, false, false])
    expect(result.score).toBe(0)
  })

  it('unanswered questions count as wrong and still count in the total', async () => {
    const result = await take([s1], { [q.single]: ['A'] })
    expect(result).toMatchObject({ score: 1, totalMarks: 3 })
    expect(result.review.find((r) => r.mcqId === q.multi)).toEqual({ mcqId: q.multi, chosen: [], correctOption: 'B,D', correct: false })
    const none = await take([s1], {})
    expect(none).toMatchObject({ score: 0, totalMarks: 3 })
    const emptyChoice = await take([s1], { [q.single]: [] })
    expect(emptyChoice).toMatchObject({ score: 0, totalMarks: 3 })
  })

  it('letters are case-insensitive and repeats count once', async () => {
    const result = await take([s1], { [q.single]: ['a'], [q.multi]: ['d', 'b', 'B'], [q.single2]: [' c '] })
    expect(result.score).toBe(3)
    expect(result.review.find((r) => r.mcqId === q.multi)!.chosen).toEqual(['B', 'D'])
  })

  it('a letter outside A-D is a 400', async () => {
    const res = await submit({ subTopicIds: [s1], answers: { [q.single]: ['E'] } })
    expect(res.status).toBe(400)
    expect(await attemptCount()).toBe(0)
  })

  it('scores sent by the client are ignored', async () => {
    const res = await submit({ subTopicIds: [s1], answers: {}, score: 3, totalMarks: 3 })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ score: 0, totalMarks: 3 })
    const [row] = await ctx.deps.db.select().from(mcqAttempts)
    expect(row).toMatchObject({ score: 0, totalMarks: 3 })
  })

  it('stores each question’s chosen letters and whether it was right', async () => {
    const result = await take([s1], { [q.single]: ['A'], [q.multi]: ['B'] })
    const rows = await ctx.deps.db.select().from(mcqAttemptAnswers).where(eq(mcqAttemptAnswers.attemptId, result.attempts[0]!.id))
    const byMcq = Object.fromEntries(rows.map((r) => [r.mcqId, { chosen: r.chosen, correct: r.correct }]))
    expect(byMcq).toEqual({
      [q.single]: { chosen: 'A', correct: true },
      [q.multi]: { chosen: 'B', correct: false },
      [q.single2]: { chosen: '', correct: false },
    })
  })
})

describe('what a submission must name', () => {
  it('a question of another sub-topic is a 400 and nothing is stored', async () => {
    const res = await submit({ subTopicIds: [s1], answers: { [q.single]: ['A'], [q.triple]: ['A', 'B', 'C'] } })
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toContain(String(q.triple))
    expect(await attemptCount()).toBe(0)
  })

  it('a question id that does not exist is a 400', async () => {
    expect((await submit({ subTopicIds: [s1], answers: { 99999: ['A'] } })).status).toBe(400)
    expect((await submit({ subTopicIds: [s1], answers: { abc: ['A'] } })).status).toBe(400)
    expect(await attemptCount()).toBe(0)
  })

  it('empty or missing subTopicIds is a 400', async () => {
    const emptyList = await submit({ subTopicIds: [], answers: {} })
    expect(emptyList.status).toBe(400)
    expect(emptyList.body.errorDetails).toHaveProperty('subTopicIds')
    expect((await submit({ answers: {} })).status).toBe(400)
    expect((await submit({ subTopicIds: ['x'], answers: {} })).status).toBe(400)
  })

  it('missing answers is a 400', async () => {
    expect((await submit({ subTopicIds: [s1] })).status).toBe(400)
  })

  it('an unknown sub-topic is a 404', async () => {
    const res = await submit({ subTopicIds: [s1, 99999], answers: {} })
    expect(res.status).toBe(404)
    expect(await attemptCount()).toBe(0)
  })

  it('a learner the sub-topic’s package is not assigned to gets 403', async () => {
    expect((await submit({ subTopicIds: [s3], answers: { [q.foreign]: ['A'] } })).status).toBe(403)
    expect((await submit({ subTopicIds: [s1], answers: {} }, outsider.token)).status).toBe(403)
    // one unassigned sub-topic among assigned ones is enough to refuse
    expect((await submit({ subTopicIds: [s1, s3], answers: {} })).status).toBe(403)
    expect(await attemptCount()).toBe(0)
  })

  it('needs a session', async () => {
    expect((await ctx.request('POST', '/api/mcq-attempts/create', { body: { subTopicIds: [s1], answers: {} } })).status).toBe(401)
  })
})

describe('attempts stored', () => {
  it('a test over two sub-topics stores one attempt per sub-topic with its own score and total', async () => {
    ctx.now = new Date('2025-01-05T15:30:00Z')
    const result = await take([s1, s2], {
      [q.single]: ['A'],
      [q.multi]: ['B', 'D'],
      [q.single2]: ['A'],
      [q.triple]: ['A', 'B'],
      [q.last]: ['D'],
    })
    expect(result).toMatchObject({ score: 3, totalMarks: 5 })
    expect(result.attempts).toHaveLength(2)
    const bySub = Object.fromEntries(result.attempts.map((a) => [a.subTopicId, a]))
    expect(bySub[s1]).toMatchObject({
      userId: learner.id,
      score: 2,
      totalMarks: 3,
      attemptNumber: 1,
      attemptedAt: '2025-01-05T15:30:00.000Z',
    })
    expect(bySub[s2]).toMatchObject({
      userId: learner.id,
      score: 1,
      totalMarks: 2,
      attemptNumber: 1,
      attemptedAt: '2025-01-05T15:30:00.000Z',
    })
    const rows = await ctx.deps.db.select().from(mcqAttempts)
    expect(rows.map((r) => [r.subTopicId, r.score, r.totalMarks]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [s1, 2, 3],
      [s2, 1, 2],
    ])
  })

  it('a sub-topic without questions stores no attempt; a test with no questions at all is a 400', async () => {
    const result = await take([s1, empty], { [q.single]: ['A'] })
    expect(result.attempts.map((a) => a.subTopicId)).toEqual([s1])
    const none = await submit({ subTopicIds: [empty], answers: {} })
    expect(none.status).toBe(400)
    expect(await attemptCount()).toBe(1)
  })

  it('attempt numbers continue per learner and sub-topic', async () => {
    const first = await take([s1], {})
    const second = await take([s1], { [q.single]: ['A'] })
    const both = await take([s1, s2], {})
    const theirs = await take([s1], {}, other.token)
    expect(first.attempts.map((a) => a.attemptNumber)).toEqual([1])
    expect(second.attempts.map((a) => a.attemptNumber)).toEqual([2])
    expect(Object.fromEntries(both.attempts.map((a) => [a.subTopicId, a.attemptNumber]))).toEqual({ [s1]: 3, [s2]: 1 })
    expect(theirs.attempts.map((a) => a.attemptNumber)).toEqual([1])
  })

  it('concurrent submissions get attempt numbers 1..5 with no duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => submit({ subTopicIds: [s1, s2], answers: i % 2 ? { [q.single]: ['A'] } : {} })),
    )
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(201)
    for (const subTopicId of [s1, s2]) {
      const rows = await ctx.deps.db
        .select()
        .from(mcqAttempts)
        .where(and(eq(mcqAttempts.userId, learner.id), eq(mcqAttempts.subTopicId, subTopicId)))
      expect(rows.map((r) => r.attemptNumber).sort()).toEqual([1, 2, 3, 4, 5])
    }
    const numbers = results.map((r) => r.body.data!.attempts.find((a) => a.subTopicId === s1)!.attemptNumber).sort()
    expect(numbers).toEqual([1, 2, 3, 4, 5])
  })

  it('concurrent submissions by two learners number each learner’s own attempts', async () => {
    const results = await Promise.all(
      [learner, other, learner, other, learner].map((u) => submit({ subTopicIds: [s1], answers: {} }, u.token)),
    )
    for (const res of results) expect(res.status).toBe(201)
    const rows = await ctx.deps.db.select().from(mcqAttempts)
    const mine = rows
      .filter((r) => r.userId === learner.id)
      .map((r) => r.attemptNumber)
      .sort()
    const theirs = rows
      .filter((r) => r.userId === other.id)
      .map((r) => r.attemptNumber)
      .sort()
    expect(mine).toEqual([1, 2, 3])
    expect(theirs).toEqual([1, 2])
  })

  it('repeating a submissionId answers the stored result and stores nothing new', async () => {
    const answers = { [q.single]: ['A'], [q.multi]: ['B', 'D'] }
    const first = await take([s1, s2], answers, learner.token, { submissionId: 'submit-0001' })
    expect(await attemptCount()).toBe(2)
    const again = await take([s1, s2], answers, learner.token, { submissionId: 'submit-0001' })
    expect(again).toEqual(first)
    expect(await attemptCount()).toBe(2)
    // a new id is a new attempt
    const next = await take([s1, s2], answers, learner.token, { submissionId: 'submit-0002' })
    expect(next.attempts.map((a) => a.attemptNumber)).toEqual([2, 2])
    expect(await attemptCount()).toBe(4)
  })

  it('a repeated submissionId with different answers still answers what was stored', async () => {
    const first = await take([s1], { [q.single]: ['A'] }, learner.token, { submissionId: 'double-click-1' })
    expect(first.score).toBe(1)
    const again = await take([s1], { [q.single]: ['A'], [q.multi]: ['B', 'D'], [q.single2]: ['C'] }, learner.token, {
      submissionId: 'double-click-1',
    })
    expect(again).toEqual(first)
    const [row] = await ctx.deps.db.select().from(mcqAttempts)
    expect(row).toMatchObject({ score: 1, totalMarks: 3 })
    expect(await attemptCount()).toBe(1)
  })

  it('a double-click (the same submissionId twice at once) stores one attempt set', async () => {
    const body = { subTopicIds: [s1, s2], answers: { [q.single]: ['A'] }, submissionId: 'simultaneous-1' }
    const [a, b] = await Promise.all([submit(body), submit(body)])
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(await attemptCount()).toBe(2)
    expect(a.body.data!.attempts.map((x) => x.id).sort()).toEqual(b.body.data!.attempts.map((x) => x.id).sort())
  })

  it('the same submissionId used by another learner is their own submission', async () => {
    await take([s1], {}, learner.token, { submissionId: 'shared-id-1' })
    const theirs = await take([s1], {}, other.token, { submissionId: 'shared-id-1' })
    expect(theirs.attempts[0]!.userId).toBe(other.id)
    expect(await attemptCount()).toBe(2)
  })

  it('answers with score, totalMarks, attempts[] and review[] (which may reveal the correct options)', async () => {
    const res = await submit({ subTopicIds: [s1], answers: { [q.multi]: ['B', 'D'] } })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('MCQ Attempt Saved')
    expect(Object.keys(res.body.data!).sort()).toEqual([
      'attempts',
      'late',
      'passed',
      'practice',
      'review',
      'reviewLevel',
      'score',
      'totalMarks',
    ])
    expect(Object.keys(res.body.data!.attempts[0]!).sort()).toEqual([
      'attemptNumber',
      'attemptedAt',
      'id',
      'late',
      'passMark',
      'passed',
      'practice',
      'reviewLevel',
      'score',
      'subTopicId',
      'totalMarks',
      'userId',
    ])
    for (const item of res.body.data!.review) expect(Object.keys(item).sort()).toEqual(['chosen', 'correct', 'correctOption', 'mcqId'])
    expect(res.body.data!.review.map((r) => r.correctOption)).toEqual(['A', 'B,D', 'C'])
  })
})

describe('answer keys never reach a learner', () => {
  const LEARNER_KEYS = ['id', 'options', 'question', 'subTopicId']

  function expectNoKey(body: unknown) {
    const text = JSON.stringify(body)
    expect(text).not.toContain('correctOption')
    expect(text).not.toMatch(/"correct/i)
    // no answer-like key (the review level's value 'answers' is not a key)
    expect(text).not.toMatch(/"answer\w*":/i)
  }

  it('getBySubTopics for an assigned learner has no correctOption anywhere', async () => {
    const res = await get<Mcq[]>(`/api/mcqs/getBySubTopics?subTopicIds=${s1}&subTopicIds=${s2}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(5)
    for (const item of res.body.data!) expect(Object.keys(item).sort()).toEqual(LEARNER_KEYS)
    expectNoKey(res.body)
  })

  it('getById for an assigned learner has no correctOption', async () => {
    for (const id of [q.single, q.multi, q.triple]) {
      const res = await get<Mcq>(`/api/mcqs/getById?id=${id}`)
      expect(res.status).toBe(200)
      expect(Object.keys(res.body.data!).sort()).toEqual(LEARNER_KEYS)
      expectNoKey(res.body)
    }
  })

  it('the attempt lists carry no answer key either (getById follows the review policy: review-policy.test.ts)', async () => {
    const result = await take([s1, s2], { [q.single]: ['A'] })
    expect(result.attempts).toHaveLength(2)
    for (const path of [
      `/api/mcq-attempts/byUser?userId=${learner.id}`,
      `/api/mcq-attempts/bySubTopic?subTopicId=${s1}`,
      `/api/mcq-attempts/byMultipleSubTopicIds?ids=${s1},${s2}`,
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expectNoKey(res.body)
    }
  })

  it('a started test, the sitting read back and a graded sitting carry no key either', async () => {
    // a sitting carries the learner's own saved `answers`; nothing else about answers
    const expectNoSittingKey = (body: unknown) => {
      const text = JSON.stringify(body)
      expect(text).not.toContain('correctOption')
      expect(text).not.toMatch(/"correct|"explanation/i)
    }
    const started = await ctx.request<{ sittingId: string }>('POST', '/api/mcq-attempts/start', {
      token: learner.token,
      body: { subTopicIds: [s1, s2] },
    })
    expect(started.status).toBe(201)
    expectNoSittingKey(started.body)
    const { sittingId } = started.body.data!
    expectNoSittingKey((await get(`/api/mcq-attempts/sittings/${sittingId}`)).body)
    await ctx.request('PUT', `/api/mcq-attempts/sittings/${sittingId}/answers`, {
      token: learner.token,
      body: { answers: { [q.single]: ['A'] } },
    })
    expect((await submit({ sittingId })).status).toBe(201)
    expectNoSittingKey((await get(`/api/mcq-attempts/sittings/${sittingId}`)).body)
  })

  it('an unassigned learner gets 403 and no questions', async () => {
    const res = await get(`/api/mcqs/getBySubTopics?subTopicIds=${s1}`, outsider.token)
    expect(res.status).toBe(403)
    expect(JSON.stringify(res.body)).not.toContain('What is 1+1?')
    expect((await get(`/api/mcqs/getById?id=${q.single}`, outsider.token)).status).toBe(403)
    expect((await get(`/api/mcqs/getById?id=${q.foreign}`)).status).toBe(403)
  })

  it('admins do get the answer keys', async () => {
    const list = await get<Mcq[]>(`/api/mcqs/getBySubTopics?subTopicIds=${s1}`, admin.token)
    expect(list.body.data!.map((m) => m.correctOption)).toEqual(['A', 'B,D', 'C'])
    const one = await get<Mcq>(`/api/mcqs/getById?id=${q.triple}`, admin.token)
    expect(one.body.data!.correctOption).toBe('A,B,C')
  })
})

describe('reading attempts', () => {
  let mine: AttemptResult
  let theirs: AttemptResult
  beforeEach(async () => {
    ctx.now = new Date('2025-01-05T10:00:00Z')
    mine = await take([s1, s2], { [q.single]: ['A'] })
    ctx.now = new Date('2025-01-05T11:00:00Z')
    theirs = await take([s1, s2], {}, other.token)
    ctx.now = new Date('2025-01-05T12:00:00Z')
    await take([s1], { [q.single]: ['A'], [q.multi]: ['B', 'D'] })
  })
  const ids = (list: McqAttempt[]) => list.map((a) => a.id)
  const owners = (list: McqAttempt[]) => [...new Set(list.map((a) => a.userId))]

  it('getById: own attempt yes, another learner’s 403, unknown 404, admin any', async () => {
    const own = await get<McqAttempt>(`/api/mcq-attempts/getById?id=${mine.attempts[0]!.id}`)
    expect(own.status).toBe(200)
    expect(own.body.message).toBe('MCQ Attempt Found')
    expect(own.body.data).toEqual({ ...mine.attempts[0], review: expect.any(Array) })
    const foreign = await get<McqAttempt>(`/api/mcq-attempts/getById?id=${theirs.attempts[0]!.id}`)
    expect(foreign.status).toBe(403)
    expect(foreign.body.data).toBeUndefined()
    expect((await get('/api/mcq-attempts/getById?id=99999')).status).toBe(404)
    expect((await get('/api/mcq-attempts/getById?id=abc')).status).toBe(400)
    const asAdmin = await get<McqAttempt>(`/api/mcq-attempts/getById?id=${theirs.attempts[0]!.id}`, admin.token)
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.data!.userId).toBe(other.id)
  })

  it('byUser: own list newest first; another learner’s id is a 403', async () => {
    const own = await get<McqAttempt[]>(`/api/mcq-attempts/byUser?userId=${learner.id}`)
    expect(own.status).toBe(200)
    expect(own.body.data).toHaveLength(3)
    expect(owners(own.body.data!)).toEqual([learner.id])
    expect(own.body.data![0]!.attemptedAt).toBe('2025-01-05T12:00:00.000Z')
    const attempted = own.body.data!.map((a) => a.attemptedAt)
    expect(attempted).toEqual([...attempted].sort().reverse())
    const foreign = await get(`/api/mcq-attempts/byUser?userId=${other.id}`)
    expect(foreign.status).toBe(403)
    expect((await get('/api/mcq-attempts/byUser')).status).toBe(400)
  })

  it('byUser as an admin reads that user’s attempts', async () => {
    const res = await get<McqAttempt[]>(`/api/mcq-attempts/byUser?userId=${other.id}`, admin.token)
    expect(res.status).toBe(200)
    expect(ids(res.body.data!).sort()).toEqual(ids(theirs.attempts).sort())
  })

  it('bySubTopic as a learner only ever returns their own attempts', async () => {
    const res = await get<McqAttempt[]>(`/api/mcq-attempts/bySubTopic?subTopicId=${s1}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(2)
    expect(owners(res.body.data!)).toEqual([learner.id])
    expect(res.body.data!.map((a) => a.attemptNumber)).toEqual([2, 1])
    expect((await get(`/api/mcq-attempts/bySubTopic?subTopicId=${s1}&userId=${other.id}`)).status).toBe(403)
    const own = await get<McqAttempt[]>(`/api/mcq-attempts/bySubTopic?subTopicId=${s1}&userId=${learner.id}`)
    expect(own.body.data).toHaveLength(2)
    const theirsView = await get<McqAttempt[]>(`/api/mcq-attempts/bySubTopic?subTopicId=${s1}`, other.token)
    expect(owners(theirsView.body.data!)).toEqual([other.id])
    expect(theirsView.body.data).toHaveLength(1)
    const nobody = await get<McqAttempt[]>(`/api/mcq-attempts/bySubTopic?subTopicId=${s1}`, outsider.token)
    expect(nobody.body.data ?? []).toEqual([])
  })

  it('byMultipleSubTopicIds takes a comma list and returns only the learner’s own attempts', async () => {
    const res = await get<McqAttempt[]>(`/api/mcq-attempts/byMultipleSubTopicIds?ids=${s1},${s2},${s3}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Attempts by multiple SubTopic IDs')
    expect(res.body.data).toHaveLength(3)
    expect(owners(res.body.data!)).toEqual([learner.id])
    const onlyS2 = await get<McqAttempt[]>(`/api/mcq-attempts/byMultipleSubTopicIds?ids=${s2}`)
    expect(onlyS2.body.data!.map((a) => a.subTopicId)).toEqual([s2])
    const spaced = await get<McqAttempt[]>(`/api/mcq-attempts/byMultipleSubTopicIds?ids=${s1}, ${s2}`)
    expect(spaced.body.data).toHaveLength(3)
    expect((await get(`/api/mcq-attempts/byMultipleSubTopicIds?ids=${s1}&userId=${other.id}`)).status).toBe(403)
  })

  it('admins read a named user’s attempts by sub-topic, and their own without a userId', async () => {
    const theirsRes = await get<McqAttempt[]>(`/api/mcq-attempts/bySubTopic?subTopicId=${s1}&userId=${other.id}`, admin.token)
    expect(owners(theirsRes.body.data!)).toEqual([other.id])
    expect(theirsRes.body.data).toHaveLength(1)
    const many = await get<McqAttempt[]>(`/api/mcq-attempts/byMultipleSubTopicIds?ids=${s1},${s2}&userId=${learner.id}`, admin.token)
    expect(many.body.data).toHaveLength(3)
    expect(owners(many.body.data!)).toEqual([learner.id])
    const ownEmpty = await get<McqAttempt[]>(`/api/mcq-attempts/bySubTopic?subTopicId=${s1}`, admin.token)
    expect(ownEmpty.body.data).toEqual([])
    const adminTook = await take([s1], {}, admin.token)
    const own = await get<McqAttempt[]>(`/api/mcq-attempts/byMultipleSubTopicIds?ids=${s1},${s2}`, admin.token)
    expect(ids(own.body.data!)).toEqual(ids(adminTook.attempts))
  })

  it.each([['ids=a,b'], ['ids='], [''], ['ids=1,x'], ['ids=-1'], ['ids=1.5']])('byMultipleSubTopicIds with %j is a 400', async (query) => {
    const res = await get(`/api/mcq-attempts/byMultipleSubTopicIds?${query}`)
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
  })

  it('bad ids on the other reads are a 400', async () => {
    expect((await get('/api/mcq-attempts/bySubTopic?subTopicId=x')).status).toBe(400)
    expect((await get('/api/mcq-attempts/bySubTopic')).status).toBe(400)
    expect((await get('/api/mcq-attempts/byUser?userId=0')).status).toBe(400)
  })

  it('every read needs a session', async () => {
    for (const path of [
      `/api/mcq-attempts/getById?id=1`,
      `/api/mcq-attempts/byUser?userId=1`,
      `/api/mcq-attempts/bySubTopic?subTopicId=1`,
      `/api/mcq-attempts/byMultipleSubTopicIds?ids=1`,
    ]) {
      expect((await ctx.request('GET', path)).status, path).toBe(401)
    }
  })
})
