import type { User } from '../../contract/auth.ts'
import type { Change } from '../db/change-feed.ts'
import { createTestContext, setupTestContext, type TestContext } from '../test/harness.ts'
import { progressFixture } from '../test/progress.ts'

/**
 * A home showing a package not started is kept with no statement at all while the learner has no progress in the
 * package: their first progress row in it notifies (migration 0021). With rows that count for nothing yet, growing
 * them notifies nothing, so the answer is kept behind the progress stamp (server/user/home-cache.ts).
 */
const ME = '/api/user/getUserByEmail'
const ctx = setupTestContext()

const statusOf = async (token: string, on: TestContext = ctx) => {
  const res = await on.request<User>('GET', ME, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!.packages[0]!.status
}

async function statementsOfWarmRead(token: string) {
  await statusOf(token)
  await statusOf(token)
  ctx.queries.count = 0
  await statusOf(token)
  return ctx.queries.count
}

/** The learner's 'account' changes heard by this instance while `write` runs. */
async function accountChangesDuring(learnerId: number, write: () => Promise<unknown>) {
  const heard: Change[] = []
  let listening = true
  ctx.database.changes.subscribe((change) => {
    if (listening && change.kind === 'account' && change.id === learnerId) heard.push(change)
  })
  await write()
  await ctx.database.changes.settled()
  listening = false
  return heard.length
}

describe(`the home before a learner's first progress (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is answered from memory with no statement, and the first heartbeat shows at the next read', async () => {
    const { learner, addVideo, heartbeat, later } = await progressFixture(ctx)
    const videoId = await addVideo(100)
    expect(await statementsOfWarmRead(learner.token)).toBe(0)
    expect(await statusOf(learner.token)).toBe('not-started')

    later(30)
    expect((await heartbeat(videoId, { position: 10, watched: [[0, 10]] })).status).toBe(200)
    expect(await statusOf(learner.token)).toBe('in-progress')
  })

  it('keeps a package whose progress counts for nothing yet behind the stamp, and shows it once it counts', async () => {
    const { learner, addVideo, heartbeat, later } = await progressFixture(ctx)
    // 5 s of 1,000 is under 1 %: the package stays not started with a progress row in it.
    const videoId = await addVideo(1000)
    later(30)
    expect((await heartbeat(videoId, { position: 5, watched: [[0, 5]] })).status).toBe(200)
    expect(await statusOf(learner.token)).toBe('not-started')
    expect(await statementsOfWarmRead(learner.token)).toBe(1)

    later(30)
    expect((await heartbeat(videoId, { position: 25, watched: [[5, 25]] })).status).toBe(200)
    expect(await statusOf(learner.token)).toBe('in-progress')
  })

  it("notifies the learner's first row in a package only: later heartbeats and further videos stay without NOTIFY", async () => {
    const { learner, addVideo, heartbeat, later } = await progressFixture(ctx)
    const [first, second] = [await addVideo(1000), await addVideo(1000)]
    later(30)
    expect(await accountChangesDuring(learner.id, () => heartbeat(first, { position: 5, watched: [[0, 5]] }))).toBe(1)
    later(30)
    expect(await accountChangesDuring(learner.id, () => heartbeat(first, { position: 20, watched: [[5, 20]] }))).toBe(0)
    later(30)
    expect(await accountChangesDuring(learner.id, () => heartbeat(second, { position: 5, watched: [[0, 5]] }))).toBe(0)
  })

  it("shows the first heartbeat made through another instance at that instance's next read", async () => {
    const other = await createTestContext({}, { otherInstance: true })
    try {
      const { learner, addVideo, heartbeat, later } = await progressFixture(ctx)
      const videoId = await addVideo(100)
      const onOther = await other.deps.tokens.sign({ userId: learner.id, role: 'USER' })
      await statusOf(onOther, other)
      expect(await statusOf(onOther, other)).toBe('not-started')
      later(30)
      expect((await heartbeat(videoId, { position: 10, watched: [[0, 10]] })).status).toBe(200)
      expect(await statusOf(onOther, other)).toBe('in-progress')
    } finally {
      await other.close()
    }
  })
})
