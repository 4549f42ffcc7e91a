import { eq } from 'drizzle-orm'
import type { User } from '../../contract/auth.ts'
import { mcqs, userPackages, videos } from '../db/schema.ts'
import { assignmentApi } from '../test/assignments.ts'
import { setupTestContext } from '../test/harness.ts'

const ctx = setupTestContext()
const api = assignmentApi(ctx)

let ann: { id: number; token: string }
beforeEach(async () => {
  await api.signInAdmin()
  const user = await ctx.createUser({ name: 'Ann' })
  ann = { id: user.user.id, token: user.token }
})

const completedAt = async (userId: number) => {
  const rows = await ctx.deps.db.select({ completedAt: userPackages.completedAt }).from(userPackages).where(eq(userPackages.userId, userId))
  return rows.map((r) => r.completedAt?.toISOString() ?? null)
}

/** One question (key 'A') in the package's sub-topic, so completing it takes a passed test too. */
async function addQuestion(videoId: number) {
  const [video] = await ctx.deps.db.select({ subTopicId: videos.subTopicId }).from(videos).where(eq(videos.id, videoId))
  const subTopicId = video!.subTopicId
  const [mcq] = await ctx.deps.db
    .insert(mcqs)
    .values({ subTopicId, question: 'Ready?', options: JSON.stringify({ A: 'yes', B: 'no' }), correctOption: 'A' })
    .returning({ id: mcqs.id })
  return async (choice: 'A' | 'B', token = ann.token) => {
    const res = await ctx.request('POST', '/api/mcq-attempts/create', {
      token,
      body: { subTopicIds: [subTopicId], answers: { [mcq!.id]: [choice] } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
}

describe('completion of an assigned package', () => {
  it('is set when the last video is watched, once: later activity does not move it', async () => {
    const safety = await api.packageWithVideo('Safety')
    await api.assignDirectly(ann.id, [safety.packageId])
    expect(await completedAt(ann.id)).toEqual([null])

    await api.watch(safety.videoId, ann.token)
    const first = ctx.now.toISOString()
    expect(await completedAt(ann.id)).toEqual([first])
    const me = await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: ann.token })
    expect(me.body.data!.packages).toMatchObject([{ status: 'completed', completedAt: first }])

    ctx.now = new Date(ctx.now.getTime() + 60_000)
    await api.watch(safety.videoId, ann.token)
    expect(await completedAt(ann.id)).toEqual([first])
  })

  it('is set by the passed test that completes the last sub-topic, not by a failed one', async () => {
    const safety = await api.packageWithVideo('Safety')
    const answer = await addQuestion(safety.videoId)
    await api.assignDirectly(ann.id, [safety.packageId])
    await api.watch(safety.videoId, ann.token)
    expect(await completedAt(ann.id)).toEqual([null])

    await answer('B')
    expect(await completedAt(ann.id)).toEqual([null])
    ctx.now = new Date(ctx.now.getTime() + 5000)
    await answer('A')
    expect(await completedAt(ann.id)).toEqual([ctx.now.toISOString()])
    expect((await api.packagesOf(ann.id))[0]!.status).toBe('completed')
  })

  it('is not set by an admin’s own watching, and not for a learner without the assignment', async () => {
    const safety = await api.packageWithVideo('Safety')
    const admin = await ctx.createUser({ role: 'admin' })
    await ctx.deps.db.insert(userPackages).values({ userId: admin.user.id, packageId: safety.packageId })
    await api.watch(safety.videoId, admin.token)
    expect(await completedAt(admin.user.id)).toEqual([null])
  })

  it('is set at once when a learner who already finished the package is assigned it again', async () => {
    const safety = await api.packageWithVideo('Safety')
    await api.assignDirectly(ann.id, [safety.packageId])
    await api.watch(safety.videoId, ann.token)
    await api.unassign(ann.id, safety.packageId)
    ctx.now = new Date(ctx.now.getTime() + 60_000)
    await api.setDirect(ann.id, safety.packageId, { dueDays: 3 })
    expect(await completedAt(ann.id)).toEqual([ctx.now.toISOString()])
  })
})
