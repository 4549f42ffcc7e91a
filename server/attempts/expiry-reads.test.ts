import { createTestContext, setupTestContext } from '../test/harness.ts'
import { assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'
import type { Sitting } from '../../contract/assessment.ts'

/**
 * Reads that show attempts grade expired sittings first (server/attempts/expiry.ts). Each instance keeps the earliest
 * deadline of the open sittings: until it passes, that costs no statement; a timed sitting opened on any instance
 * (migration 0021) makes every instance look again.
 */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)
const at = (iso: string) => {
  ctx.now = new Date(iso)
}

async function statementsOf(request: () => Promise<unknown>) {
  ctx.queries.count = 0
  await request()
  return ctx.queries.count
}

describe(`grading expired sittings before reads (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  beforeEach(() => at('2025-07-01T09:00:00Z'))

  it('costs no statement while no deadline kept has passed; a timed sitting opened makes the next read look again', async () => {
    // b's settings first: a write under the package drops what is kept of it (its sub-topics' packages).
    await api.settings(f.b, { timeLimitMinutes: 5 })
    const untimed = (await api.start({ subTopicIds: [f.a] })).body.data!
    await api.sitting(untimed.sittingId)
    // The sitting and its questions: the grading's query is skipped.
    expect(await statementsOf(() => api.sitting(untimed.sittingId))).toBe(2)

    expect((await api.start({ subTopicIds: [f.b] }, f.other.token)).status).toBe(201)
    expect(await statementsOf(() => api.sitting(untimed.sittingId))).toBe(3)
    expect(await statementsOf(() => api.sitting(untimed.sittingId))).toBe(2)
  })

  it('a request without a signed session token costs no statement: its guard refuses it before any grading', async () => {
    await api.settings(f.b, { timeLimitMinutes: 5 })
    const untimed = (await api.start({ subTopicIds: [f.a] })).body.data!
    await api.sitting(untimed.sittingId)
    expect((await api.start({ subTopicIds: [f.b] }, f.other.token)).status).toBe(201)
    const path = `/api/mcq-attempts/sittings/${untimed.sittingId}`
    for (const token of [undefined, `${f.learner.token}x`]) {
      let status = 0
      expect(await statementsOf(async () => (status = (await ctx.request('GET', path, { token })).status))).toBe(0)
      expect(status).toBe(401)
    }
    // The look the timed sitting asked for comes with the first signed read.
    expect(await statementsOf(() => api.sitting(untimed.sittingId))).toBe(3)
  })

  it('grades a sitting at the first read after the deadline kept has passed with its grace', async () => {
    await api.settings(f.a, { timeLimitMinutes: 1 })
    const timed = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect((await api.sitting(timed.sittingId)).body.data!.gradedAt).toBeNull()
    at('2025-07-01T09:00:30Z')
    expect(await statementsOf(() => api.sitting(timed.sittingId))).toBe(2)
    at('2025-07-01T09:03:00Z')
    expect((await api.sitting(timed.sittingId)).body.data!.gradedAt).not.toBeNull()
  })

  it('grades, on another instance that kept "no open sitting", a timed sitting opened here once it expired', async () => {
    const other = await createTestContext({}, { otherInstance: true })
    try {
      const token = await other.deps.tokens.sign({ userId: f.learner.id, role: 'USER' })
      const read = (id: string) =>
        other.request<Sitting>('GET', `/api/mcq-attempts/sittings/${id}`, { token }).then((res) => res.body.data!)
      other.now = ctx.now
      const untimed = (await api.start({ subTopicIds: [f.b] })).body.data!
      await read(untimed.sittingId)
      await read(untimed.sittingId)

      await api.settings(f.a, { timeLimitMinutes: 1 })
      const timed = (await api.start({ subTopicIds: [f.a] })).body.data!
      other.now = new Date('2025-07-01T09:05:00Z')
      expect((await read(timed.sittingId)).gradedAt).not.toBeNull()
    } finally {
      await other.close()
    }
  })
})
