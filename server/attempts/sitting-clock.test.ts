import { eq } from 'drizzle-orm'
import { mcqAttempts } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'
import { appJobs } from '../jobs/app-jobs.ts'
import { startScheduler } from '../jobs/engine.ts'

/** The time limit and the draw hold: questions only inside a sitting, a deadline per sub-topic, one open sitting per sub-topic. */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)
const at = (iso: string) => {
  ctx.now = new Date(iso)
}
const attemptsOfSitting = (sittingId: string) => ctx.deps.db.select().from(mcqAttempts).where(eq(mcqAttempts.sittingId, sittingId))

describe('question texts outside a sitting', () => {
  it.each([[{ timeLimitMinutes: 5 }], [{ drawCount: 2 }], [{ maxAttempts: 2 }]])(
    'with %j a learner gets 409 "Start the test first" from the question routes; an admin gets them',
    async (settings) => {
      await api.settings(f.b, settings)
      const list = await ctx.request('GET', `/api/mcqs/getBySubTopics?subTopicIds=${f.a}&subTopicIds=${f.b}`, { token: f.learner.token })
      expect(list.status).toBe(409)
      expect(list.body.message).toBe('Start the test first')
      const one = await ctx.request('GET', `/api/mcqs/getById?id=${f.questions[f.b]![0]}`, { token: f.learner.token })
      expect(one.status).toBe(409)
      const admin = await ctx.request<unknown[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${f.b}`, { token: f.admin.token })
      expect(admin.status).toBe(200)
      expect(admin.body.data).toHaveLength(3)
      // a sub-topic without such settings still lists its questions
      const free = await ctx.request<unknown[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${f.a}`, { token: f.learner.token })
      expect(free.status).toBe(200)
    },
  )
})

describe('a deadline per sub-topic', () => {
  beforeEach(async () => {
    at('2025-07-01T09:00:00Z')
    await api.settings(f.a, { timeLimitMinutes: 1 })
    await api.settings(f.b, { timeLimitMinutes: 600 })
  })

  it("starting [a (1 min), b (600 min)] gives a's questions a's deadline: its late answers are not taken, b's are", async () => {
    const s = (await api.start({ subTopicIds: [f.a, f.b] })).body.data!
    expect(s.deadline).toBe('2025-07-01T19:00:00.000Z')
    expect(s.deadlines).toEqual([
      { subTopicId: f.a, deadline: '2025-07-01T09:01:00.000Z' },
      { subTopicId: f.b, deadline: '2025-07-01T19:00:00.000Z' },
    ])
    const firstOfA = String(f.questions[f.a]![0])
    await api.autosave(s.sittingId, { [firstOfA]: ['A'] })
    at('2025-07-01T09:30:00Z')
    // a's answers are frozen at what was saved in time; b's are still saved
    const all = answersFor(s, f, () => true)
    expect((await api.autosave(s.sittingId, all)).status).toBe(200)
    const read = (await api.sitting(s.sittingId)).body.data!
    expect(read.answers[firstOfA]).toEqual(['A'])
    expect(read.answers[String(f.questions[f.a]![1])]).toBeUndefined()
    expect(read.answers[String(f.questions[f.b]![0])]).toEqual(['C'])
    const res = await api.submit({ sittingId: s.sittingId, answers: all })
    expect(res.status).toBe(201)
    const byTopic = new Map(res.body.data!.attempts.map((a) => [a.subTopicId, a]))
    expect(byTopic.get(f.a)).toMatchObject({ score: 1, totalMarks: 7, late: true })
    expect(byTopic.get(f.b)).toMatchObject({ score: 3, totalMarks: 3, late: false })
  })

  it('starting [a, b] while [a] is open is a 409 naming a, and a keeps its clock and draw', async () => {
    const alone = (await api.start({ subTopicIds: [f.a] })).body.data!
    const both = await api.start({ subTopicIds: [f.a, f.b] })
    expect(both.status).toBe(409)
    expect(both.body.message).toBe('"T sub-topic 0.0" is already in an open test: finish it first')
    expect((await api.start({ subTopicIds: [f.a] })).body.data!.sittingId).toBe(alone.sittingId)
    // b alone does not overlap
    expect((await api.start({ subTopicIds: [f.b] })).status).toBe(201)
  })

  it('an expired sitting is graded (late, with its saved answers) by the next reads of settings, progress or attempts, once', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    await api.autosave(s.sittingId, { [String(f.questions[f.a]![0])]: ['A'] })
    at('2025-07-01T09:02:00Z')
    expect(await attemptsOfSitting(s.sittingId)).toHaveLength(0)
    const [settings] = await Promise.all([
      api.readSettings(f.a),
      api.progressOf(f.a),
      api.list(`/api/mcq-attempts/byUser?userId=${f.learner.id}`),
      api.list(`/api/mcq-attempts/bySubTopic?subTopicId=${f.a}`),
    ])
    expect(settings.body.data).toMatchObject({ attemptsUsed: 1 })
    expect(await attemptsOfSitting(s.sittingId)).toHaveLength(1)
    const listed = await api.list(`/api/mcq-attempts/bySubTopic?subTopicId=${f.a}`)
    expect(listed.body.data).toHaveLength(1)
    expect(listed.body.data![0]).toMatchObject({ late: true, score: 1, attemptNumber: 1 })
    expect((await api.sitting(s.sittingId)).body.data!.gradedAt).not.toBeNull()
  })

  it('the job engine grades it when it expires, with no read at all', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    await api.autosave(s.sittingId, { [String(f.questions[f.a]![0])]: ['A'] })
    at('2025-07-01T09:02:00Z')
    const scheduler = await startScheduler(
      ctx.database.jobStore,
      appJobs({ ...ctx.deps, config: { ...ctx.config, schedulerTickSeconds: 1 } }),
    )
    try {
      await vi.waitFor(async () => expect(await attemptsOfSitting(s.sittingId)).toHaveLength(1), { timeout: 30_000, interval: 100 })
    } finally {
      await scheduler.stop()
    }
    expect((await attemptsOfSitting(s.sittingId))[0]).toMatchObject({ late: true, score: 1 })
  })

  it('a progress read alone grades it', async () => {
    await api.start({ subTopicIds: [f.a] })
    at('2025-07-01T09:05:00Z')
    expect(await api.progressOf(f.a)).toMatchObject({ bestScore: 0, passed: false })
    expect(await ctx.deps.db.select().from(mcqAttempts)).toHaveLength(1)
  })

  it("an admin's read of reports grades every learner's expired sittings", async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    at('2025-07-01T10:00:00Z')
    const report = await ctx.request<{ testsTaken: number }>('GET', `/api/reports/packages/${f.packageId}`, { token: f.admin.token })
    expect(report.status).toBe(200)
    expect(report.body.data!.testsTaken).toBe(1)
    expect(await attemptsOfSitting(s.sittingId)).toHaveLength(1)
  })
})
