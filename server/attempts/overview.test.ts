import { count } from 'drizzle-orm'
import type { TestOverview } from '../../contract/test-overview.ts'
import { mcqAttempts, mcqSittings } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)
const overview = (ids: number[] | string, token = f.learner.token) =>
  ctx.request<TestOverview>('GET', `/api/mcq-attempts/overview?subTopicIds=${Array.isArray(ids) ? ids.join(',') : ids}`, { token })
const rowsOf = async (table: typeof mcqSittings | typeof mcqAttempts) => (await ctx.deps.db.select({ n: count() }).from(table))[0]!.n

describe('GET /mcq-attempts/overview', () => {
  it('describes the test without starting a sitting or using an attempt', async () => {
    await api.settings(f.a, { drawCount: 3, timeLimitMinutes: 10, maxAttempts: 2, passMark: 70, reviewPolicy: 'score' })
    const first = await overview([f.a, f.b])
    const again = await overview([f.a, f.b])
    expect(first.status).toBe(200)
    expect(again.body.data).toEqual(first.body.data)
    expect(first.body.data).toEqual({
      subTopics: [
        expect.objectContaining({
          subTopicId: f.a,
          questionCount: 3,
          timeLimitMinutes: 10,
          maxAttempts: 2,
          attemptsUsed: 0,
          attemptsLeft: 2,
          passMark: 70,
          reviewPolicy: 'score',
        }),
        expect.objectContaining({ subTopicId: f.b, questionCount: 3, timeLimitMinutes: 0, maxAttempts: 0, attemptsLeft: null }),
      ],
      openSitting: null,
    })
    expect(await rowsOf(mcqSittings)).toBe(0)
    expect(await rowsOf(mcqAttempts)).toBe(0)
  })

  it('names the open sitting to resume, and forgets it once graded', async () => {
    const sitting = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect((await overview([f.a])).body.data!.openSitting).toMatchObject({ sittingId: sitting.sittingId, subTopicIds: [f.a] })
    await api.submit({ sittingId: sitting.sittingId })
    expect((await overview([f.a])).body.data!.openSitting).toBeNull()
  })

  it('names an open sitting of another set that shares a sub-topic, which blocks starting this one', async () => {
    const sitting = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect((await api.start({ subTopicIds: [f.a, f.b] })).status).toBe(409)
    expect((await overview([f.a, f.b])).body.data!.openSitting).toMatchObject({ sittingId: sitting.sittingId, subTopicIds: [f.a] })
    expect((await overview([f.b])).body.data!.openSitting).toBeNull()
  })

  it('grades a sitting that ran out of time, so the attempts left are true', async () => {
    await api.settings(f.a, { timeLimitMinutes: 1, maxAttempts: 2 })
    ctx.now = new Date('2026-01-01T10:00:00Z')
    await api.start({ subTopicIds: [f.a] })
    ctx.now = new Date('2026-01-01T10:05:00Z')
    const seen = (await overview([f.a])).body.data!
    expect(seen.openSitting).toBeNull()
    expect(seen.subTopics[0]).toMatchObject({ attemptsUsed: 1, attemptsLeft: 1 })
  })

  it('refuses unknown, unassigned and malformed sub-topics', async () => {
    expect((await overview([f.a, 999999])).status).toBe(404)
    expect((await overview([f.foreign])).status).toBe(403)
    const bad = await overview('x,1')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/subTopicIds/)
  })
})
