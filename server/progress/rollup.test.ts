import type { LearnerProgressRow, PackageProgress } from '../../contract/progress.ts'
import { eq } from 'drizzle-orm'
import { subTopics, userPackages } from '../db/schema.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { progressFixture } from '../test/progress.ts'

const ctx = setupTestContext()

/**
 * 2 skills, 3 sub-topics: skill 1 holds 'half' (a 100 s video, 50 s of it watched) and 'empty' (nothing to watch
 * or test); skill 2 holds 'done' (a 20 s video, watched). Every route gives the same figures for the learner.
 */
async function seed() {
  const f = await progressFixture(ctx)
  const tree = await insertTree(ctx.deps.db, { skills: 2, topics: 1, subTopics: 1, label: 'Two' })
  await ctx.deps.db.insert(userPackages).values({ userId: f.learner.id, packageId: tree.packageId })
  const [half, done] = tree.subTopicIds as [number, number]
  const empty = (await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'Spare' })).subTopicIds[0]!
  // the spare tree's sub-topic is moved under skill 1's topic, next to 'half'
  await ctx.deps.db.update(subTopics).set({ topicId: tree.topicIds[0]! }).where(eq(subTopics.id, empty))
  const halfVideo = await f.addVideo(100, half)
  const doneVideo = await f.addVideo(20, done)
  for (const [videoId, to] of [
    [halfVideo, 45],
    [doneVideo, 20],
  ] as const) {
    await f.heartbeat(videoId, { position: 0, watched: [] })
    f.later(60)
    const res = await f.heartbeat(videoId, { position: to, watched: [[0, to]] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  return { ...f, tree, half, done, empty }
}

describe('one roll-up behind every progress route', () => {
  it('gives the same figures to the learner, to an admin reading the learner, and in the learners table and its CSV', async () => {
    const { learner, admin, tree, half, done, empty } = await seed()
    const path = `/api/progress/packages/${tree.packageId}`
    const own = (await ctx.request<PackageProgress>('GET', path, { token: learner.token })).body.data!
    // 'half' is 50 % done (45 s of the 90 % that completes it), 'done' is complete: on average 75 %
    expect(own).toMatchObject({ percent: 75, completedSubTopics: 1, totalSubTopics: 2, uncountedSubTopicIds: [empty] })
    expect(own.skills.map((s) => s.percent)).toEqual([50, 100])
    expect(own.skills.map((s) => s.topics.map((t) => t.percent))).toEqual([[50], [100]])
    expect(own.skills.map((s) => s.topics.map((t) => t.subTopics.map((x) => [x.id, x.percent])))).toEqual([[[[half, 50]]], [[[done, 100]]]])

    const asAdmin = (await ctx.request<PackageProgress>('GET', `${path}?userId=${learner.id}`, { token: admin })).body.data!
    expect(asAdmin).toEqual(own)

    const rows = (await ctx.request<LearnerProgressRow[]>('GET', `${path}/learners`, { token: admin })).body.data!
    expect(rows).toEqual([expect.objectContaining({ userId: learner.id, percent: 75, completedSubTopics: 1, totalSubTopics: 2 })])
    const csv = await ctx.app.request(`${path}/learners?format=csv`, { headers: { Authorization: `Bearer ${admin}` } })
    expect((await csv.text()).split('\n')[1]).toContain('"75","1","2"')
  })
})
