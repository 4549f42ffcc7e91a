import { eq } from 'drizzle-orm'
import { videoProgress, watchCredit } from '../db/schema.ts'
import type { VideoProgress } from '../../contract/progress.ts'
import { createTestContext, setupTestContext } from '../test/harness.ts'
import { progressFixture } from '../test/progress.ts'

const ctx = setupTestContext()
let f: Awaited<ReturnType<typeof progressFixture>>

beforeEach(async () => {
  f = await progressFixture(ctx)
})

/** A heartbeat that must be accepted. */
async function beat(videoId: number, watched: [number, number][], options: { position?: number; playbackRate?: number } = {}) {
  const res = await f.heartbeat(videoId, { position: options.position ?? watched.at(-1)?.[1] ?? 0, watched, ...options })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!
}

describe('one watching budget per learner', () => {
  it('credits honest watching in full: a heartbeat when playing starts, then one every 15 s', async () => {
    const videoId = await f.addVideo(300)
    await beat(videoId, [], { position: 0 })
    for (let t = 0; t < 300; t += 15) {
      f.later(15)
      await beat(videoId, [[t, t + 15]])
    }
    expect(await f.stored(videoId)).toMatchObject({ watchedSeconds: 300, completed: true })
  })

  it('credits honest watching at double speed in full, and no faster than twice the clock at any speed', async () => {
    const fast = await f.addVideo(120)
    await beat(fast, [], { position: 0 })
    for (let t = 0; t < 120; t += 30) {
      f.later(15)
      await beat(fast, [[t, t + 30]], { playbackRate: 2 })
    }
    expect((await f.stored(fast)).watchedSeconds).toBe(120)

    const faster = await f.addVideo(600)
    f.later(60) // the budget is full again: 60 s
    await beat(faster, [[0, 600]], { playbackRate: 8 })
    f.later(10)
    expect((await beat(faster, [[0, 600]], { playbackRate: 8 })).watchedSeconds).toBe(60 + 10 * 2)
  })

  it('gives 40 back-to-back heartbeats of a new learner about 6 s, not a video', async () => {
    const videoId = await f.addVideo(600)
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      statuses.push((await f.heartbeat(videoId, { position: 600, watched: [[0, 600]] })).status)
      f.later(0.025) // 40 heartbeats in one second
    }
    expect(new Set(statuses)).toContain(200)
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true)
    const { watchedSeconds } = await f.stored(videoId)
    expect(watchedSeconds).toBeGreaterThanOrEqual(5)
    expect(watchedSeconds).toBeLessThanOrEqual(6)
  })

  it('shares one clock between two videos playing at once', async () => {
    const [a, b] = [await f.addVideo(600), await f.addVideo(600, f.tree.subTopicIds[1])]
    await beat(a, [], { position: 0 })
    await beat(b, [], { position: 0 })
    for (let t = 0; t < 120; t += 15) {
      f.later(15)
      await beat(a, [[t, t + 15]])
      await beat(b, [[t, t + 15]])
    }
    const total = (await f.stored(a)).watchedSeconds + (await f.stored(b)).watchedSeconds
    // 120 s of the clock and the 5 s a new learner starts with, not 240 s
    expect(total).toBe(125)
  })

  it('holds at most 60 s, however long the learner was away', async () => {
    const videoId = await f.addVideo(600)
    await beat(videoId, [], { position: 0 })
    f.later(3600)
    expect((await beat(videoId, [[0, 600]])).watchedSeconds).toBe(60)
  })

  it('credits no more than the budget to many heartbeats at once over two videos', async () => {
    const [a, b] = [await f.addVideo(600), await f.addVideo(600, f.tree.subTopicIds[1])]
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => f.heartbeat(i % 2 ? a : b, { position: 600, watched: [[0, 600]] })),
    )
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true)
    const total = (await f.stored(a)).watchedSeconds + (await f.stored(b)).watchedSeconds
    expect(total).toBe(5)
  })
})

describe('what one video keeps', () => {
  it('keeps whole seconds and joins ranges less than a second apart', async () => {
    const videoId = await f.addVideo(60)
    await beat(videoId, [], { position: 0 })
    f.later(15)
    const result = await beat(videoId, [
      [0.2, 4.9],
      [5.3, 10.1],
    ])
    expect(result.watchedSeconds).toBe(10)
    const [row] = await ctx.deps.db.select().from(videoProgress).where(eq(videoProgress.videoId, videoId))
    expect(row!.watched).toEqual([[0, 10]])
  })

  it('keeps at most 100 separate ranges, however many tiny ranges heartbeats bring', async () => {
    const videoId = await f.addVideo(6000)
    const tiny = Array.from({ length: 1000 }, (_, i): [number, number] => [i * 3, i * 3 + 0.6])
    for (let i = 0; i < 4; i++) {
      f.later(60)
      await beat(videoId, tiny, { position: 0 })
    }
    const [row] = await ctx.deps.db.select().from(videoProgress).where(eq(videoProgress.videoId, videoId))
    expect(row!.watched).toHaveLength(100)
    expect(row!.watchedSeconds).toBe(100)
    // a stretch that extends a kept range still counts
    f.later(60)
    expect((await beat(videoId, [[0, 2]])).watchedSeconds).toBe(101)
  })

  it('refuses a heartbeat of more than 1,000 ranges with a 400 that says so, storing nothing', async () => {
    const videoId = await f.addVideo(6000)
    const watched = Array.from({ length: 1001 }, (_, i): [number, number] => [i * 2, i * 2 + 1])
    const res = await f.heartbeat(videoId, { position: 0, watched })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('At most 1000 watched ranges')
    expect((await f.stored(videoId)).watchedSeconds).toBe(0)
  })
})

describe('heartbeats per learner', () => {
  it('refuses a learner past 30 heartbeats in a burst with 429 and a clear message, until time passes', async () => {
    const [a, b] = [await f.addVideo(600), await f.addVideo(600, f.tree.subTopicIds[1])]
    for (let i = 0; i < 30; i++) await beat(i % 2 ? a : b, [], { position: i })
    const refused = await f.heartbeat(a, { position: 99, watched: [[0, 5]] })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many progress updates: wait a few seconds and try again')
    expect(refused.headers.get('Retry-After')).toBe('2')
    expect(await f.stored(a)).toMatchObject({ watchedSeconds: 0, position: 29 })
    f.later(2)
    expect((await beat(a, [[0, 5]])).watchedSeconds).toBe(5)
  })
})

describe('coverage across visits', () => {
  it('is the union of what each visit watched: 0:00–0:08, leave, come back, 0:08 to the end completes', async () => {
    const videoId = await f.addVideo(18)
    await beat(videoId, [], { position: 0 })
    f.later(8)
    await beat(videoId, [[0, 8]]) // leaving the page
    f.later(3600)
    await beat(videoId, [], { position: 8 }) // the resumed player starts
    f.later(10)
    expect(await beat(videoId, [[8, 18]])).toMatchObject({ watchedSeconds: 18, completed: true })
  })
})

describe('statements per heartbeat', () => {
  it('records a learner’s first heartbeat in a video in one read and one write, and the next ones in one write', async () => {
    const videoId = await f.addVideo(600)
    // The session is read once and then served from the session cache: warm it first.
    await f.stored(videoId)
    ctx.queries.count = 0
    await beat(videoId, [], { position: 0 })
    expect(ctx.queries.count).toBe(2)
    f.later(15)
    ctx.queries.count = 0
    expect((await beat(videoId, [[0, 15]])).watchedSeconds).toBe(15)
    expect(ctx.queries.count).toBe(1)
    f.later(15)
    ctx.queries.count = 0
    expect((await beat(videoId, [[15, 30]])).watchedSeconds).toBe(30)
    expect(ctx.queries.count).toBe(1)
  })

  it('reads the rows again when another writer changed them after the heartbeat this instance kept', async () => {
    const videoId = await f.addVideo(600)
    await beat(videoId, [], { position: 0 })
    f.later(15)
    await beat(videoId, [[0, 15]])
    // What a heartbeat through another instance writes: the progress row and the learner's budget row.
    await ctx.deps.db
      .update(videoProgress)
      .set({ watched: [[0, 30]], watchedSeconds: 30 })
      .where(eq(videoProgress.videoId, videoId))
    await ctx.deps.db.update(watchCredit).set({ seconds: 0 }).where(eq(watchCredit.userId, f.learner.id))
    f.later(15)
    // 15 s of budget since the other write: the claimed [30, 45] joins the ranges stored, not the ones kept.
    expect(await beat(videoId, [[30, 45]])).toMatchObject({ watchedSeconds: 45 })
    expect((await ctx.deps.db.select().from(videoProgress).where(eq(videoProgress.videoId, videoId)))[0]?.watched).toEqual([[0, 45]])
  })

  it('alternating between two instances, each heartbeat adds to what the other wrote and the budget is spent once', async () => {
    const other = await createTestContext({}, { otherInstance: true })
    try {
      other.now = ctx.now
      const onOther = await other.deps.tokens.sign({ userId: f.learner.id, role: 'USER' })
      const beatOn = async (instance: typeof ctx, token: string, watched: [number, number][]) => {
        const res = await instance.request<VideoProgress>('PUT', `/api/progress/videos/${videoId}`, {
          token,
          body: { position: watched.at(-1)?.[1] ?? 0, watched },
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        return res.body.data!
      }
      const videoId = await f.addVideo(600)
      await beatOn(ctx, f.learner.token, [])
      // Each instance keeps its own last heartbeat; the other's write makes it untrue before its next one.
      for (const [instance, token, end] of [
        [ctx, f.learner.token, 15],
        [other, onOther, 30],
        [ctx, f.learner.token, 45],
        [other, onOther, 60],
      ] as const) {
        f.later(15)
        other.now = ctx.now
        expect(await beatOn(instance, token, [[end - 15, end]])).toMatchObject({ watchedSeconds: end })
      }
      // Then the whole video at once: the budget holds the 5 s a learner starts with and 15 s of the clock, spent
      // once across both instances: [60, 80].
      f.later(15)
      other.now = ctx.now
      expect(await beatOn(other, onOther, [[0, 600]])).toMatchObject({ watchedSeconds: 80 })
    } finally {
      await other.close()
    }
  })

  it('records heartbeats that race each other under the lock, spending the budget once', async () => {
    const [a, b] = [await f.addVideo(600), await f.addVideo(600, f.tree.subTopicIds[1])]
    await beat(a, [], { position: 0 })
    f.later(10)
    const results = await Promise.all([a, b, a, b].map((id) => f.heartbeat(id, { position: 600, watched: [[0, 600]] })))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    // 5 s a new learner starts with and 10 s of the clock, once
    expect((await f.stored(a)).watchedSeconds + (await f.stored(b)).watchedSeconds).toBe(15)
  })
})
