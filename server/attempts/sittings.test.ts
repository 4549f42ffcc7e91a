import { count, eq } from 'drizzle-orm'
import { mcqAttempts, mcqSittings } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)
const attemptCount = async () => (await ctx.deps.db.select({ n: count() }).from(mcqAttempts))[0]!.n
const at = (iso: string) => {
  ctx.now = new Date(iso)
}

describe('starting a test', () => {
  it('answers 201 with the questions in display order, their lettered options, no key and no "na" option', async () => {
    const res = await api.start({ subTopicIds: [f.a] })
    expect(res.status).toBe(201)
    const sitting = res.body.data!
    expect(sitting.deadline).toBeNull()
    expect(sitting.questions.map((q) => q.id)).toEqual(f.questions[f.a])
    expect(sitting.questions[0]).toEqual({
      id: f.questions[f.a]![0],
      subTopicId: f.a,
      question: expect.any(String),
      options: [
        { key: 'A', text: 'right' },
        { key: 'B', text: 'wrong' },
        { key: 'D', text: 'wrong too' },
      ],
    })
    const text = JSON.stringify(res.body)
    expect(text).not.toMatch(/correct|explanation|Because/i)
    expect(text).not.toMatch(/"na"/)
  })

  it('the draw and the order are pinned: starting again, reading the sitting and a second tab give the same test', async () => {
    await api.settings(f.a, { drawCount: 3, shuffleQuestions: true, shuffleOptions: true })
    const first = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect(first.questions).toHaveLength(3)
    const again = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect(again.sittingId).toBe(first.sittingId)
    expect(again.questions).toEqual(first.questions)
    const read = (await api.sitting(first.sittingId)).body.data!
    expect(read.questions).toEqual(first.questions)
    // letters keep their meaning whatever the order: 'A' is always the right one of a single
    for (const q of first.questions.filter((q) => q.id !== f.multi)) expect(q.options.find((o) => o.key === 'A')!.text).toBe('right')
    expect(await ctx.deps.db.select({ n: count() }).from(mcqSittings)).toEqual([{ n: 1 }])
  })

  it('draws differ between sittings (a new sitting after grading draws again from all 7)', async () => {
    await api.settings(f.a, { drawCount: 2, shuffleQuestions: true })
    const seen = new Set<number>()
    for (let i = 0; i < 6; i++) {
      const s = (await api.start({ subTopicIds: [f.a] })).body.data!
      for (const q of s.questions) seen.add(q.id)
      expect((await api.submit({ sittingId: s.sittingId })).status).toBe(201)
    }
    // six draws of 2 from 7 all landing on the same 2 would be (1/21)^5
    expect(seen.size).toBeGreaterThan(2)
  })

  it('several sub-topics: each one’s own draw and deadline (the sitting ends with the latest), one attempt each', async () => {
    at('2025-04-01T09:00:00Z')
    await api.settings(f.a, { drawCount: 2, timeLimitMinutes: 10 })
    await api.settings(f.b, { timeLimitMinutes: 5 })
    const sitting = (await api.start({ subTopicIds: [f.b, f.a] })).body.data!
    expect(sitting.deadline).toBe('2025-04-01T09:10:00.000Z')
    expect(sitting.deadlines).toEqual([
      { subTopicId: f.b, deadline: '2025-04-01T09:05:00.000Z' },
      { subTopicId: f.a, deadline: '2025-04-01T09:10:00.000Z' },
    ])
    expect(sitting.questions.filter((q) => q.subTopicId === f.a)).toHaveLength(2)
    expect(sitting.questions.filter((q) => q.subTopicId === f.b)).toHaveLength(3)
    const result = await api.submit({ sittingId: sitting.sittingId, answers: answersFor(sitting, f, () => true) })
    expect(result.status).toBe(201)
    expect(result.body.data).toMatchObject({ score: 5, totalMarks: 5, passed: true })
    expect(result.body.data!.attempts.map((a) => [a.subTopicId, a.totalMarks]).sort()).toEqual(
      [
        [f.a, 2],
        [f.b, 3],
      ].sort(),
    )
  })

  it('a sub-topic without attempts left makes the start a 409 that names it', async () => {
    await api.settings(f.b, { maxAttempts: 1 })
    const s = (await api.start({ subTopicIds: [f.b] })).body.data!
    await api.submit({ sittingId: s.sittingId })
    const res = await api.start({ subTopicIds: [f.a, f.b] })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('No attempts left for "T sub-topic 0.1"')
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(201)
  })

  it('bad input: unknown sub-topic 404, unassigned 403, empty list, more than 500 or bad mode 400', async () => {
    expect((await api.start({ subTopicIds: [f.a, 99999] })).status).toBe(404)
    expect((await api.start({ subTopicIds: [f.foreign] })).status).toBe(403)
    expect((await api.start({ subTopicIds: [f.a] }, f.outsider.token)).status).toBe(403)
    const empty = await api.start({ subTopicIds: [] })
    expect(empty.status).toBe(400)
    expect(empty.body.errorDetails).toHaveProperty(['subTopicIds'])
    expect((await api.start({ subTopicIds: [f.a], mode: 'exam' } as never)).status).toBe(400)
    // A whole package's test may span hundreds of sub-topics ('Take Full Test'); the bound is the catalogue's.
    const tooMany = await api.start({ subTopicIds: Array.from({ length: 501 }, (_, i) => i + 1) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toContain('At most 500 subTopicIds')
  })
})

describe('the sitting', () => {
  it('autosaved answers come back on a reload; another learner’s sitting is a 403, an unknown one 404', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    const answers = { [String(f.questions[f.a]![0])]: ['A'], [String(f.multi)]: ['B', 'D'] }
    const saved = await api.autosave(s.sittingId, answers)
    expect(saved.status).toBe(200)
    expect((await api.sitting(s.sittingId)).body.data!.answers).toEqual(answers)
    expect((await api.start({ subTopicIds: [f.a] })).body.data!.answers).toEqual(answers)
    expect((await api.sitting(s.sittingId, f.other.token)).status).toBe(403)
    expect((await api.autosave(s.sittingId, {}, f.other.token)).status).toBe(403)
    expect((await api.submit({ sittingId: s.sittingId }, f.other.token)).status).toBe(403)
    expect((await api.sitting('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await api.sitting('not-a-sitting')).status).toBe(400)
  })

  it('an answer to a question not pinned to the sitting is a 400', async () => {
    await api.settings(f.a, { drawCount: 1 })
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    const other = f.questions[f.a]!.find((id) => id !== s.questions[0]!.id)!
    expect((await api.autosave(s.sittingId, { [other]: ['A'] })).status).toBe(400)
    expect((await api.submit({ sittingId: s.sittingId, answers: { [other]: ['A'] } })).status).toBe(400)
    expect((await api.submit({ sittingId: s.sittingId, answers: { [f.questions[f.b]![0]!]: ['A'] } })).status).toBe(400)
    expect(await attemptCount()).toBe(0)
  })

  it('is graded once: a second submit answers the same result; autosave afterwards is a 409', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    const first = await api.submit({ sittingId: s.sittingId, answers: answersFor(s, f, () => true) })
    expect(first.body.data).toMatchObject({ score: 7, totalMarks: 7 })
    const second = await api.submit({ sittingId: s.sittingId, answers: {} })
    expect(second.status).toBe(201)
    expect(second.body.data).toEqual(first.body.data)
    expect(await attemptCount()).toBe(1)
    const late = await api.autosave(s.sittingId, {})
    expect(late.status).toBe(409)
    expect((await api.sitting(s.sittingId)).body.data!.gradedAt).not.toBeNull()
    // a new start is a new sitting
    expect((await api.start({ subTopicIds: [f.a] })).body.data!.sittingId).not.toBe(s.sittingId)
  })

  it('what an autosave keeps of a sitting does not outlive its grading: afterwards every autosave is a 409', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    const answers = answersFor(s, f, () => true)
    // Saved twice: the second is the write alone, from the sitting's kept frame.
    expect((await api.autosave(s.sittingId, answers)).status).toBe(200)
    expect((await api.autosave(s.sittingId, answers)).status).toBe(200)
    expect((await api.submit({ sittingId: s.sittingId })).body.data).toMatchObject({ score: 7, totalMarks: 7 })
    const late = await api.autosave(s.sittingId, {})
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('This test has already been submitted')
    // An answer to a question not in the sitting meets the same 409 first.
    const foreign = await api.autosave(s.sittingId, { [f.questions[f.b]![0]!]: ['A'] })
    expect(foreign.status).toBe(409)
    expect((await api.autosave(s.sittingId, {}, f.other.token)).status).toBe(403)
    expect((await api.sitting(s.sittingId)).body.data!.answers).toEqual(answers)
  })

  it('a submissionId stays idempotent', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    const body = { sittingId: s.sittingId, answers: answersFor(s, f, () => true), submissionId: 'sitting-submit-1' }
    const [x, y] = await Promise.all([api.submit(body), api.submit(body)])
    expect(x.status).toBe(201)
    expect(y.body.data).toEqual(x.body.data)
    expect(await attemptCount()).toBe(1)
  })
})

describe('the deadline (the injected clock)', () => {
  beforeEach(async () => {
    at('2025-05-01T12:00:00Z')
    await api.settings(f.a, { timeLimitMinutes: 1 })
  })

  it('autosave works until the deadline plus 30 s, then answers 409 "Time is up"', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect(s.deadline).toBe('2025-05-01T12:01:00.000Z')
    at('2025-05-01T12:01:30Z')
    expect((await api.autosave(s.sittingId, { [f.multi]: ['B'] })).status).toBe(200)
    at('2025-05-01T12:01:31Z')
    const res = await api.autosave(s.sittingId, { [f.multi]: ['B', 'D'] })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Time is up')
  })

  it('a submission after the grace grades the last autosaved answers, not the late ones, and is marked late', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    const saved = { [String(f.questions[f.a]![0])]: ['A'] }
    await api.autosave(s.sittingId, saved)
    at('2025-05-01T12:05:00Z')
    const res = await api.submit({ sittingId: s.sittingId, answers: answersFor(s, f, () => true) })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ score: 1, totalMarks: 7, late: true })
    expect(res.body.data!.attempts[0]).toMatchObject({ late: true, score: 1 })
  })

  it('within the grace, the answers sent are graded and the attempt is not late', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    at('2025-05-01T12:01:20Z')
    const res = await api.submit({ sittingId: s.sittingId, answers: answersFor(s, f, () => true) })
    expect(res.body.data).toMatchObject({ score: 7, late: false })
  })

  it('starting again after the deadline grades the abandoned sitting (late) and starts a new one', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    await api.autosave(s.sittingId, { [String(f.questions[f.a]![0])]: ['A'] })
    at('2025-05-01T13:00:00Z')
    const next = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect(next.sittingId).not.toBe(s.sittingId)
    expect(next.deadline).toBe('2025-05-01T13:01:00.000Z')
    const [row] = await ctx.deps.db.select().from(mcqAttempts).where(eq(mcqAttempts.sittingId, s.sittingId))
    expect(row).toMatchObject({ late: true, score: 1, attemptNumber: 1 })
  })
})

describe('the legacy body { subTopicIds, answers }', () => {
  it('still works where no sub-topic has a time limit, a draw or an attempt limit (shuffling is fine)', async () => {
    await api.settings(f.a, { shuffleQuestions: true, passMark: 90 })
    const res = await api.submit({ subTopicIds: [f.a, f.b], answers: { [f.multi]: ['B', 'D'] } })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ score: 1, totalMarks: 10, passed: false })
  })

  it.each([[{ timeLimitMinutes: 5 }], [{ drawCount: 3 }], [{ maxAttempts: 4 }]])(
    'with %j it is a 409 "Start the test first"',
    async (settings) => {
      await api.settings(f.b, settings)
      const res = await api.submit({ subTopicIds: [f.a, f.b], answers: {} })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('Start the test first')
      expect(await attemptCount()).toBe(0)
    },
  )

  it('a body with neither sittingId nor subTopicIds is a 400', async () => {
    const res = await api.submit({ answers: {} })
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty(['subTopicIds'])
  })
})

describe('attempt limits', () => {
  it('two attempts allowed: the third start is refused, and the numbers are 1 and 2', async () => {
    await api.settings(f.a, { maxAttempts: 2 })
    for (let i = 0; i < 2; i++) {
      const s = (await api.start({ subTopicIds: [f.a] })).body.data!
      const res = await api.submit({ sittingId: s.sittingId })
      expect(res.body.data!.attempts[0]!.attemptNumber).toBe(i + 1)
    }
    const third = await api.start({ subTopicIds: [f.a] })
    expect(third.status).toBe(409)
    expect(third.body.message).toContain('No attempts left')
    // another learner still has theirs
    expect((await api.start({ subTopicIds: [f.a] }, f.other.token)).status).toBe(201)
  })
})
