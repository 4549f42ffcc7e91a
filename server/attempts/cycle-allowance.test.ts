import { eq } from 'drizzle-orm'
import { issueCertificateIfEnabled } from '../certificates/issue.ts'
import { runCertificateTick } from '../certificates/renewal.ts'
import { mcqAttempts } from '../db/schema.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'
import { setupTestContext } from '../test/harness.ts'

/** A certificate's renewal cycle gives the learner the test's allowance again; the earlier cycle's attempts stay. */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

async function sitAttempt(token = f.learner.token) {
  const s = await api.start({ subTopicIds: [f.a] }, token)
  expect(s.status, JSON.stringify(s.body)).toBe(201)
  const answers = answersFor(s.body.data!, f, () => true)
  expect((await api.autosave(s.body.data!.sittingId, answers, token)).status).toBe(200)
  expect((await api.submit({ sittingId: s.body.data!.sittingId }, token)).status).toBe(201)
}

/** Moves the clock and signs the fixture's people in again (tokens last hours, cycles months). */
async function at(when: string) {
  ctx.now = new Date(when)
  for (const person of [f.admin, f.learner, f.other])
    person.token = await ctx.deps.tokens.sign({ userId: person.id, role: person === f.admin ? 'admin' : 'USER' })
}

describe('attempt limits per certificate cycle', () => {
  it('counts only the attempts and grants of the current cycle; the earlier cycle keeps its own', async () => {
    await at('2026-01-15T09:00:00Z')
    expect((await api.settings(f.a, { maxAttempts: 1 })).status).toBe(200)
    const certificateSettings = { enabled: true, validityMonths: 1, renewDaysBefore: 0 }
    const put = await ctx.request('PUT', `/api/packages/${f.packageId}/certificate-settings`, {
      token: f.admin.token,
      body: certificateSettings,
    })
    expect(put.status).toBe(200)

    // Cycle 1: the learner uses the attempt and an extra one an admin grants, then has none left.
    await sitAttempt()
    const granted = await ctx.request('POST', '/api/mcq-attempts/grants', {
      token: f.admin.token,
      body: { userId: f.learner.id, subTopicId: f.a },
    })
    expect(granted.status).toBe(201)
    await sitAttempt()
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(409)
    await ctx.deps.db.transaction((tx) => issueCertificateIfEnabled(tx, f.learner.id, f.packageId, ctx.now))
    // The other learner has no certificate, so no cycle begins for them: their attempt stays counted.
    await sitAttempt(f.other.token)

    // The certificate expires a month later and the renewal cycle begins.
    await at('2026-02-15T09:00:00Z')
    expect(await runCertificateTick(ctx.deps, ctx.now)).toBe(1)
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ attemptsUsed: 0, attemptsGranted: 0, attemptsLeft: 1 })

    // Cycle 2: one attempt again, and then none.
    await sitAttempt()
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ attemptsUsed: 1, attemptsLeft: 0 })
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(409)

    expect((await api.readSettings(f.a, f.other.token)).body.data).toMatchObject({ attemptsUsed: 1, attemptsLeft: 0 })

    const kept = await ctx.deps.db.select({ at: mcqAttempts.attemptedAt }).from(mcqAttempts).where(eq(mcqAttempts.userId, f.learner.id))
    expect(kept.map((a) => a.at.toISOString().slice(0, 7)).sort()).toEqual(['2026-01', '2026-01', '2026-02'])
  })
})
