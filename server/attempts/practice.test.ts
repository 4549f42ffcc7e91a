import { and, eq } from 'drizzle-orm'
import { mcqAttempts } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

/** A graded test of `a` with the first `right` questions right and the rest wrong. */
async function takeTest(right: number) {
  const s = (await api.start({ subTopicIds: [f.a] })).body.data!
  const res = await api.submit({ sittingId: s.sittingId, answers: answersFor(s, f, (_, i) => i < right) })
  expect(res.status).toBe(201)
  return s
}

describe('practise my mistakes', () => {
  it('starts a sitting of the questions wrong in the last graded attempt, stored as practice and not counted', async () => {
    await api.settings(f.a, { maxAttempts: 2, timeLimitMinutes: 5 })
    await takeTest(0)
    const last = await takeTest(5)
    const wrong = last.questions.slice(5).map((q) => q.id)
    // no attempts left: a test is refused, practice is not
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(409)
    const practice = await api.start({ subTopicIds: [f.a], mode: 'mistakes' })
    expect(practice.status).toBe(201)
    expect(practice.body.data!.mode).toBe('mistakes')
    expect(practice.body.data!.deadline).toBeNull()
    expect(practice.body.data!.questions.map((q) => q.id).sort()).toEqual([...wrong].sort())

    const result = await api.submit({ sittingId: practice.body.data!.sittingId, answers: answersFor(practice.body.data!, f, () => true) })
    expect(result.status).toBe(201)
    expect(result.body.data).toMatchObject({ practice: true, score: 2, totalMarks: 2 })
    expect(result.body.data!.attempts[0]).toMatchObject({ practice: true, attemptNumber: 0 })
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0 })
  })

  it('practice counts towards neither progress nor the next practice set', async () => {
    await takeTest(1)
    const practice = (await api.start({ subTopicIds: [f.a], mode: 'mistakes' })).body.data!
    expect(practice.questions).toHaveLength(6)
    await api.submit({ sittingId: practice.sittingId, answers: answersFor(practice, f, () => true) })
    const rows = await ctx.deps.db
      .select()
      .from(mcqAttempts)
      .where(and(eq(mcqAttempts.userId, f.learner.id), eq(mcqAttempts.practice, true)))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.passed).toBe(true)
    // the mistakes are still those of the last graded test, not of the practice
    const again = (await api.start({ subTopicIds: [f.a], mode: 'mistakes' })).body.data!
    expect(again.questions).toHaveLength(6)
    expect(await api.progressOf(f.a)).toMatchObject({ passed: false, completed: false })
    // nor the admin's package report
    const report = await ctx.request<{
      testsTaken: number
      subTopics: { subTopicId: number; attempts: number }[]
      questions: { answered: number }[]
    }>('GET', `/api/reports/packages/${f.packageId}`, { token: f.admin.token })
    expect(report.body.data!.testsTaken).toBe(1)
    expect(report.body.data!.subTopics.find((s) => s.subTopicId === f.a)!.attempts).toBe(1)
    expect(Math.max(...report.body.data!.questions.map((q) => q.answered))).toBe(1)
  })

  it('409 when there is nothing to practise: no attempt yet, or no mistakes', async () => {
    const none = await api.start({ subTopicIds: [f.a], mode: 'mistakes' })
    expect(none.status).toBe(409)
    expect(none.body.message).toContain('Nothing to practise')
    await takeTest(7)
    expect((await api.start({ subTopicIds: [f.a], mode: 'mistakes' })).status).toBe(409)
  })
})
