import type { User } from '../../contract/auth.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'
import { setupTestContext } from '../test/harness.ts'

/**
 * A home showing a package not started, the learner having no progress in it, is kept with no statement at all
 * (server/user/home-cache.ts): a passed test is the other first progress besides a heartbeat, and it too must show
 * at the very next read, announced by its own notification (migration 0021).
 */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)

const home = async () => {
  const res = await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: f.learner.token })
  expect(res.status).toBe(200)
  return res.body.data!.packages.find((p) => p.id === f.packageId)!
}

describe(`the home after a first passed test (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('shows the package in progress at the next read, though the answer before was kept', async () => {
    const api = assessmentApi(ctx, f)
    expect((await home()).status).toBe('not-started')
    await home()
    ctx.queries.count = 0
    expect((await home()).status).toBe('not-started')
    expect(ctx.queries.count).toBe(0) // kept with no stamp: a passed test notifies

    const sitting = (await api.start({ subTopicIds: [f.b] })).body.data!
    expect(
      (
        await api.autosave(
          sitting.sittingId,
          answersFor(sitting, f, () => true),
        )
      ).status,
    ).toBe(200)
    const result = await api.submit({ sittingId: sitting.sittingId })
    expect(result.status).toBe(201)

    expect((await home()).status).toBe('in-progress')
  })
})
