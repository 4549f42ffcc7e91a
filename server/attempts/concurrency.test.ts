import { and, count, eq } from 'drizzle-orm'
import { mcqAttempts, mcqSittings } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

/** Attempt numbers and limits hold when starts and submissions arrive at once (one learner's are serialised). */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

const attemptsOf = (subTopicId: number) =>
  ctx.deps.db
    .select()
    .from(mcqAttempts)
    .where(and(eq(mcqAttempts.userId, f.learner.id), eq(mcqAttempts.subTopicId, subTopicId)))

describe('concurrency', () => {
  it('five starts at once open one sitting', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => api.start({ subTopicIds: [f.a, f.b] })))
    for (const res of results) expect(res.status).toBe(201)
    expect(new Set(results.map((r) => r.body.data!.sittingId)).size).toBe(1)
    expect(await ctx.deps.db.select({ n: count() }).from(mcqSittings)).toEqual([{ n: 1 }])
  })

  it('one attempt left: no second open test over the same sub-topic, and one sitting submitted twice at once is graded once', async () => {
    await api.settings(f.a, { maxAttempts: 1 })
    const alone = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect((await api.start({ subTopicIds: [f.a, f.b] })).status).toBe(409)
    const [x, y] = await Promise.all([api.submit({ sittingId: alone.sittingId }), api.submit({ sittingId: alone.sittingId })])
    expect([x.status, y.status]).toEqual([201, 201])
    expect(y.body.data).toEqual(x.body.data)
    expect(await attemptsOf(f.a)).toHaveLength(1)
  })

  it('start-and-submit six times at once with three attempts allowed: at most three, numbered 1..n', async () => {
    await api.settings(f.a, { maxAttempts: 3 })
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const started = await api.start({ subTopicIds: [f.a] })
        if (started.status !== 201) return started.status
        return (await api.submit({ sittingId: started.body.data!.sittingId })).status
      }),
    )
    for (const status of outcomes) expect([201, 409]).toContain(status)
    const numbers = (await attemptsOf(f.a)).map((r) => r.attemptNumber).sort()
    expect(numbers.length).toBeGreaterThan(0)
    expect(numbers.length).toBeLessThanOrEqual(3)
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1))
    // whatever the interleaving, the limit is reached by starting and submitting until refused
    for (let i = numbers.length; i < 3; i++) {
      const s = (await api.start({ subTopicIds: [f.a] })).body.data!
      expect((await api.submit({ sittingId: s.sittingId })).status).toBe(201)
    }
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(409)
    expect((await attemptsOf(f.a)).map((r) => r.attemptNumber).sort()).toEqual([1, 2, 3])
  })

  it('two learners at once: each one’s numbers are their own', async () => {
    await api.settings(f.a, { maxAttempts: 2 })
    const run = async (token: string) => {
      const s = (await api.start({ subTopicIds: [f.a] }, token)).body.data!
      return api.submit({ sittingId: s.sittingId }, token)
    }
    const results = await Promise.all([run(f.learner.token), run(f.other.token), run(f.other.token)])
    for (const res of results) expect(res.status).toBe(201)
    const theirs = await ctx.deps.db
      .select()
      .from(mcqAttempts)
      .where(and(eq(mcqAttempts.userId, f.other.id), eq(mcqAttempts.subTopicId, f.a)))
    // the other learner's two runs share one open sitting, graded once
    expect(theirs.map((r) => r.attemptNumber)).toEqual([1])
    expect((await attemptsOf(f.a)).map((r) => r.attemptNumber)).toEqual([1])
  })
})
