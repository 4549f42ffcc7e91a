import { setupTestContext } from '../test/harness.ts'
import { assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'
import type { AttemptGrant, GrantResult } from '../../contract/assessment.ts'

/** An admin gives a learner one more attempt; practice runs stay out of the attempt lists. */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)
const grant = (body: Record<string, unknown>, token = f.admin.token) =>
  ctx.request<GrantResult>('POST', '/api/mcq-attempts/grants', { token, body })
const grantsOf = (userId: number, token = f.admin.token) =>
  ctx.request<AttemptGrant[]>('GET', `/api/mcq-attempts/grants?userId=${userId}`, { token })

async function useAttempt() {
  const s = await api.start({ subTopicIds: [f.a] })
  expect(s.status).toBe(201)
  expect((await api.submit({ sittingId: s.body.data!.sittingId })).status).toBe(201)
}

describe('one more attempt', () => {
  it('an admin grants one: recorded with who and when, counted in attemptsLeft and by the start', async () => {
    ctx.now = new Date('2025-08-01T08:00:00Z')
    await api.settings(f.a, { maxAttempts: 1 })
    await useAttempt()
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(409)
    const res = await grant({ userId: f.learner.id, subTopicId: f.a })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ attemptsUsed: 1, attemptsGranted: 1, attemptsLeft: 1 })
    expect(res.body.data!.grant).toMatchObject({
      userId: f.learner.id,
      subTopicId: f.a,
      subTopicTitle: 'T sub-topic 0.0',
      grantedBy: { id: f.admin.id },
      grantedAt: '2025-08-01T08:00:00.000Z',
    })
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ attemptsGranted: 1, attemptsLeft: 1 })
    await useAttempt()
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(409)
    const listed = await grantsOf(f.learner.id)
    expect(listed.status).toBe(200)
    expect(listed.body.data).toHaveLength(1)
    expect((await grantsOf(f.other.id)).body.data).toEqual([])
  })

  it('two grants at once give two attempts; racing runs on the last one use it once', async () => {
    await api.settings(f.a, { maxAttempts: 1 })
    await useAttempt()
    await Promise.all([grant({ userId: f.learner.id, subTopicId: f.a }), grant({ userId: f.learner.id, subTopicId: f.a })])
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ attemptsGranted: 2, attemptsLeft: 2 })
    await useAttempt()
    const run = async () => {
      const s = await api.start({ subTopicIds: [f.a] })
      return s.status === 201 ? (await api.submit({ sittingId: s.body.data!.sittingId })).status : s.status
    }
    for (const status of await Promise.all([run(), run(), run()])) expect([201, 409]).toContain(status)
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ attemptsUsed: 3, attemptsLeft: 0 })
  })

  it('only admins grant or read grants; bad input is a clear 4xx', async () => {
    await api.settings(f.a, { maxAttempts: 1 })
    expect((await grant({ userId: f.learner.id, subTopicId: f.a }, f.learner.token)).status).toBe(403)
    expect((await grantsOf(f.learner.id, f.learner.token)).status).toBe(403)
    const missing = await grant({ userId: f.learner.id })
    expect(missing.status).toBe(400)
    expect(missing.body.errorDetails).toHaveProperty(['subTopicId'])
    expect((await grant({ userId: 99999, subTopicId: f.a })).status).toBe(404)
    expect((await grant({ userId: f.learner.id, subTopicId: 99999 })).status).toBe(404)
    const unassigned = await grant({ userId: f.outsider.id, subTopicId: f.a })
    expect(unassigned.status).toBe(409)
    expect(unassigned.body.message).toBe('This sub-topic is not in a package assigned to the learner')
    const unlimited = await grant({ userId: f.learner.id, subTopicId: f.b })
    expect(unlimited.status).toBe(409)
    expect(unlimited.body.message).toBe('Attempts at "T sub-topic 0.1" are unlimited: there is nothing to grant')
  })
})

describe('practice runs in the attempt lists', () => {
  it('are left out of byUser, bySubTopic and byMultipleSubTopicIds (no "Attempt Number 0")', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    await api.submit({ sittingId: s.sittingId })
    const practice = (await api.start({ subTopicIds: [f.a], mode: 'mistakes' })).body.data!
    expect((await api.submit({ sittingId: practice.sittingId })).status).toBe(201)
    for (const path of [
      `/api/mcq-attempts/byUser?userId=${f.learner.id}`,
      `/api/mcq-attempts/bySubTopic?subTopicId=${f.a}`,
      `/api/mcq-attempts/byMultipleSubTopicIds?ids=${f.a}`,
    ]) {
      const listed = (await api.list(path)).body.data!
      expect(listed.map((a) => a.attemptNumber)).toEqual([1])
    }
  })
})
