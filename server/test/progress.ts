import type { VideoProgress } from '../../contract/progress.ts'
import { userPackages, videos } from '../db/schema.ts'
import { insertTree } from './content.ts'
import type { TestContext } from './harness.ts'
import { upload, videoParts } from './media.ts'

/** Test helpers for progress: a learner assigned to a 1 × 1 × 2 package, and videos of any length in it. */
export async function progressFixture(ctx: TestContext) {
  const admin = (await ctx.createUser({ role: 'admin' })).token
  const user = await ctx.createUser({ name: 'Ada Learner', email: 'ada@example.com' })
  const learner = { token: user.token, id: user.user.id }
  const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2 })
  await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: tree.packageId })
  // one real upload; further videos reuse its stored files with the duration each test needs
  const uploaded = await upload<{ id: number }>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts(), admin)
  if (uploaded.status !== 201) throw new Error(`video upload failed: ${uploaded.status}`)
  const [row] = await ctx.deps.db.delete(videos).returning()
  const files = { fileKey: row!.fileKey, thumbnailKey: row!.thumbnailKey }

  async function addVideo(durationSeconds: number, subTopicId = tree.subTopicIds[0]!) {
    const [video] = await ctx.deps.db
      .insert(videos)
      .values({ subTopicId, title: 'Lesson', durationSeconds, ...files })
      .returning({ id: videos.id })
    return video!.id
  }

  /** One heartbeat as sent; the answer as it came. */
  const heartbeat = (
    videoId: number,
    body: { position: number; watched: [number, number][]; playbackRate?: number },
    token = learner.token,
  ) => ctx.request<VideoProgress>('PUT', `/api/progress/videos/${videoId}`, { token, body })

  /** The learner's stored progress in a video. */
  async function stored(videoId: number, token = learner.token) {
    const res = await ctx.request<VideoProgress>('GET', `/api/progress/videos/${videoId}`, { token })
    return res.body.data!
  }

  const later = (seconds: number) => {
    ctx.now = new Date(ctx.now.getTime() + seconds * 1000)
  }

  return { admin, learner, tree, addVideo, heartbeat, stored, later }
}
