import { and, eq } from 'drizzle-orm'
import type { LearnerProgressRow, PackageProgress, VideoProgress } from '../../contract/progress.ts'
import { userPackages, videos } from '../db/schema.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { upload, videoParts } from '../test/media.ts'

const ctx = setupTestContext()
let admin: string
let learner: { token: string; id: number }
let stranger: string
let tree: BuiltTree
let files: { fileKey: string; thumbnailKey: string }

beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  const user = await ctx.createUser({ name: 'Ada Learner', email: 'ada@example.com' })
  learner = { token: user.token, id: user.user.id }
  stranger = (await ctx.createUser()).token
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2 })
  await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: tree.packageId })
  // one real upload; further videos reuse its stored files with the duration each test needs
  const uploaded = await upload<{ id: number }>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts(), admin)
  expect(uploaded.status).toBe(201)
  const [row] = await ctx.deps.db.delete(videos).returning()
  files = { fileKey: row!.fileKey, thumbnailKey: row!.thumbnailKey }
})

async function addVideo(subTopicId: number, durationSeconds: number) {
  const [row] = await ctx.deps.db
    .insert(videos)
    .values({ subTopicId, title: 'Lesson', durationSeconds, ...files })
    .returning({ id: videos.id })
  return row!.id
}

const later = (seconds: number) => {
  ctx.now = new Date(ctx.now.getTime() + seconds * 1000)
}

async function beat(
  videoId: number,
  watched: [number, number][],
  options: { position?: number; playbackRate?: number; token?: string } = {},
) {
  const position = options.position ?? watched.at(-1)?.[1] ?? 0
  const res = await ctx.request<VideoProgress>('PUT', `/api/progress/videos/${videoId}`, {
    token: options.token ?? learner.token,
    body: { position, watched, ...(options.playbackRate ? { playbackRate: options.playbackRate } : {}) },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!
}

/** Plays [from, to] in real time as a player does: a heartbeat at the start, then one per 10 s played. */
async function play(videoId: number, from: number, to: number, token = learner.token) {
  let last = await beat(videoId, [], { position: from, token })
  for (let start = from; start < to; start += 10) {
    const end = Math.min(start + 10, to)
    later(end - start)
    last = await beat(videoId, [[start, end]], { token })
  }
  return last
}

const packageProgress = async (token = learner.token, query = '') => {
  const res = await ctx.request<PackageProgress>('GET', `/api/progress/packages/${tree.packageId}${query}`, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!
}

describe('PUT /api/progress/videos/{videoId}', () => {
  it('merges overlapping, sought and replayed ranges, counting each second once', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 600)
    expect(await beat(videoId, [[0, 5]])).toMatchObject({ watchedSeconds: 5, position: 5 })
    later(10)
    expect((await beat(videoId, [[5, 15]])).watchedSeconds).toBe(15)
    later(10)
    // a seek forward, then playing from there
    expect((await beat(videoId, [[100, 110]], { position: 110 })).watchedSeconds).toBe(25)
    later(10)
    // a replay of the beginning adds nothing
    expect((await beat(videoId, [[0, 10]])).watchedSeconds).toBe(25)
    later(10)
    // overlapping what was played and going on: only the new part counts; two ranges in one heartbeat
    const result = await beat(videoId, [
      [105, 115],
      [112, 120],
    ])
    expect(result).toMatchObject({ videoId, watchedSeconds: 35, durationSeconds: 600, position: 120, completed: false })
    expect(result.coverage).toBeCloseTo(35 / 600, 10)
  })

  it('clamps ranges and the position to the video', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 8)
    later(60)
    const result = await beat(videoId, [[0, 4]], { position: 50 })
    expect(result).toMatchObject({ watchedSeconds: 4, position: 8 })
    later(60)
    expect(await beat(videoId, [[6, 30]])).toMatchObject({ watchedSeconds: 6, coverage: 0.75 })
  })

  it('completes a video at 90 % watched, not before; seeking to the end does not count', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 100)
    later(5)
    expect((await beat(videoId, [[95, 100]], { position: 100 })).completed).toBe(false)
    expect(await play(videoId, 0, 84)).toMatchObject({ watchedSeconds: 89, completed: false })
    const done = await play(videoId, 84, 85)
    expect(done).toMatchObject({ watchedSeconds: 90, coverage: 0.9, completed: true })
  })

  it.each([
    ['an end before its start', { position: 0, watched: [[10, 5]] }],
    ['a negative start', { position: 0, watched: [[-1, 5]] }],
    ['a negative position', { position: -3, watched: [] }],
    ['NaN (null in JSON)', { position: 0, watched: [[null, 5]] }],
    ['a range that is not a pair', { position: 0, watched: [[1, 2, 3]] }],
    ['more than 1,000 ranges', { position: 0, watched: Array.from({ length: 1001 }, (_, i) => [i, i + 0.5]) }],
    ['a playback rate of 0', { position: 0, watched: [], playbackRate: 0 }],
    ['no watched list', { position: 0 }],
  ])('%s → 400', async (_name, body) => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 60)
    const res = await ctx.request('PUT', `/api/progress/videos/${videoId}`, { token: learner.token, body })
    expect(res.status).toBe(400)
    const stored = await ctx.request<VideoProgress>('GET', `/api/progress/videos/${videoId}`, { token: learner.token })
    expect(stored.body.data!.watchedSeconds).toBe(0)
  })

  it('accepts exactly 1,000 ranges', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 6000)
    const watched = Array.from({ length: 1000 }, (_, i): [number, number] => [i * 2, i * 2 + 1])
    // a new learner's budget: the first 5 s claimed
    expect((await beat(videoId, watched)).watchedSeconds).toBe(5)
  })
})

describe('GET /api/progress/videos/{videoId}', () => {
  it('answers zeros before any heartbeat, then the stored progress', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 60)
    const empty = await ctx.request<VideoProgress>('GET', `/api/progress/videos/${videoId}`, { token: learner.token })
    expect(empty.body.data).toEqual({ videoId, position: 0, watchedSeconds: 0, durationSeconds: 60, coverage: 0, completed: false })
    await play(videoId, 0, 20)
    const stored = await ctx.request<VideoProgress>('GET', `/api/progress/videos/${videoId}`, { token: learner.token })
    expect(stored.body.data).toMatchObject({ position: 20, watchedSeconds: 20 })
  })

  it('unknown video → 404', async () => {
    expect((await ctx.request('GET', '/api/progress/videos/99999', { token: learner.token })).status).toBe(404)
  })
})

describe('access', () => {
  it('a learner without the package → 403 for heartbeats and reads; anonymous → 401', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 60)
    const body = { position: 1, watched: [[0, 1]] }
    expect((await ctx.request('PUT', `/api/progress/videos/${videoId}`, { token: stranger, body })).status).toBe(403)
    expect((await ctx.request('GET', `/api/progress/videos/${videoId}`, { token: stranger })).status).toBe(403)
    expect((await ctx.request('GET', `/api/progress/packages/${tree.packageId}`, { token: stranger })).status).toBe(403)
    expect((await ctx.request('PUT', `/api/progress/videos/${videoId}`, { body })).status).toBe(401)
  })

  it('what a heartbeat keeps of the video and of access is dropped at once: moved, unassigned, shortened or deleted', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 60)
    const beat = () =>
      ctx.request<VideoProgress>('PUT', `/api/progress/videos/${videoId}`, { token: learner.token, body: { position: 0, watched: [] } })
    const read = () => ctx.request<VideoProgress>('GET', `/api/progress/videos/${videoId}`, { token: learner.token })
    // Beaten and read once: the video with its package and the learner's packages are now kept.
    expect((await beat()).status).toBe(200)
    expect((await read()).status).toBe(200)
    const foreign = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'F' })
    const moveTo = (subTopicId: number) => ctx.deps.db.update(videos).set({ subTopicId }).where(eq(videos.id, videoId))

    await moveTo(foreign.subTopicIds[0]!)
    const refused = await beat()
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This package is not assigned to you')
    expect((await read()).status).toBe(403)

    await moveTo(tree.subTopicIds[1]!)
    expect((await beat()).status).toBe(200)
    await ctx.deps.db.update(videos).set({ durationSeconds: 30 }).where(eq(videos.id, videoId))
    expect((await beat()).body.data!.durationSeconds).toBe(30)
    expect((await read()).body.data!.durationSeconds).toBe(30)

    await ctx.deps.db.delete(userPackages).where(and(eq(userPackages.userId, learner.id), eq(userPackages.packageId, tree.packageId)))
    expect((await beat()).status).toBe(403)
    expect((await read()).status).toBe(403)

    await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: tree.packageId })
    expect((await beat()).status).toBe(200)
    await ctx.deps.db.delete(videos).where(eq(videos.id, videoId))
    expect((await beat()).status).toBe(404)
    expect((await read()).status).toBe(404)
  })

  it("a learner cannot read another user's progress; the learners table is for admins", async () => {
    expect(
      (await ctx.request('GET', `/api/progress/packages/${tree.packageId}?userId=${learner.id}`, { token: learner.token })).status,
    ).toBe(403)
    expect((await ctx.request('GET', `/api/progress/packages/${tree.packageId}/learners`, { token: learner.token })).status).toBe(403)
  })

  it("admins' heartbeats are stored apart from learners' and never count as theirs", async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 60)
    await play(videoId, 0, 30, admin)
    await play(videoId, 0, 10)
    const own = await ctx.request<VideoProgress>('GET', `/api/progress/videos/${videoId}`, { token: admin })
    expect(own.body.data!.watchedSeconds).toBe(30)
    const learnerOwn = await ctx.request<VideoProgress>('GET', `/api/progress/videos/${videoId}`, { token: learner.token })
    expect(learnerOwn.body.data!.watchedSeconds).toBe(10)
    const asSeenByAdmin = await packageProgress(admin, `?userId=${learner.id}`)
    expect(asSeenByAdmin.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!.coverage).toBeCloseTo(10 / 60, 10)
    expect((await packageProgress(admin)).skills[0]!.topics[0]!.subTopics[0]!.videos[0]!.coverage).toBe(0.5)
  })

  it('an unknown package or user → 404', async () => {
    expect((await ctx.request('GET', '/api/progress/packages/99999', { token: admin })).status).toBe(404)
    expect((await ctx.request('GET', `/api/progress/packages/${tree.packageId}?userId=99999`, { token: admin })).status).toBe(404)
  })
})

/** Two questions in a sub-topic whose answer is A; a test of it with `right` of them answered right. */
async function addQuestions(subTopicId: number) {
  const ids: number[] = []
  for (const question of ['One?', 'Two?']) {
    const res = await ctx.request<{ id: number }>('POST', '/api/mcqs/create', {
      token: admin,
      body: { subTopicId, question, options: '{"A":"yes","B":"no"}', correctOption: 'A' },
    })
    ids.push(res.body.data!.id)
  }
  return async (right: number) => {
    const answers = Object.fromEntries(ids.map((id, i) => [String(id), [i < right ? 'A' : 'B']]))
    const res = await ctx.request('POST', '/api/mcq-attempts/create', {
      token: learner.token,
      body: { subTopicIds: [subTopicId], answers },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
}

describe('GET /api/progress/packages/{packageId}', () => {
  it('a sub-topic without questions completes with its videos; with questions, also with a best attempt of 60 %', async () => {
    const [plain, tested] = tree.subTopicIds as [number, number]
    const a = await addVideo(plain, 20)
    const b = await addVideo(tested, 20)
    const takeTest = await addQuestions(tested)

    await play(a, 0, 20)
    await play(b, 0, 20)
    let progress = await packageProgress()
    const subTopic = (id: number) => progress.skills[0]!.topics[0]!.subTopics.find((s) => s.id === id)!
    expect(subTopic(plain)).toMatchObject({ completed: true, percent: 100, bestScore: null, passed: false })
    expect(subTopic(tested)).toMatchObject({ completed: false, bestScore: null, passed: false })

    await takeTest(1) // 50 %
    progress = await packageProgress()
    expect(subTopic(tested)).toMatchObject({ completed: false, bestScore: 50, passed: false })
    await takeTest(2) // 100 %
    await takeTest(0) // a worse attempt later does not undo the best one
    progress = await packageProgress()
    expect(subTopic(tested)).toMatchObject({ completed: true, percent: 100, bestScore: 100, passed: true })
    expect(progress).toMatchObject({ percent: 100, completedSubTopics: 2, totalSubTopics: 2 })
  })

  it('rolls up by sub-topic counts on a seeded package; empty sub-topics do not count', async () => {
    const big = await insertTree(ctx.deps.db, { skills: 2, topics: 2, subTopics: 3, label: 'Big' })
    await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: big.packageId })
    // every sub-topic but the last of each topic gets a 10 s video; the learner watches every other one
    const plan = big.subTopicIds.map((subTopicId, i) => ({ subTopicId, hasVideo: i % 3 !== 2, watched: i % 3 !== 2 && i % 2 === 0 }))
    for (const item of plan) {
      if (!item.hasVideo) continue
      const videoId = await addVideo(item.subTopicId, 10)
      if (item.watched) await play(videoId, 0, 10)
    }
    const counted = plan.filter((p) => p.hasVideo)
    const done = counted.filter((p) => p.watched)
    const res = await ctx.request<PackageProgress>('GET', `/api/progress/packages/${big.packageId}`, { token: learner.token })
    const progress = res.body.data!
    expect(progress).toMatchObject({
      packageId: big.packageId,
      totalSubTopics: counted.length,
      completedSubTopics: done.length,
      percent: Math.floor((100 * done.length) / counted.length),
    })
    // per topic and per skill, from the plan
    const topicOf = (i: number) => Math.floor(i / 3)
    for (const [t, topicId] of big.topicIds.entries()) {
      const inTopic = plan.filter((_, i) => topicOf(i) === t && plan[i]!.hasVideo)
      const topic = progress.skills.flatMap((s) => s.topics).find((x) => x.id === topicId)!
      expect(topic.subTopics.map((s) => s.id)).toEqual(inTopic.map((p) => p.subTopicId))
      expect(topic.percent).toBe(Math.floor((100 * inTopic.filter((p) => p.watched).length) / inTopic.length))
    }
    for (const [s, skillId] of big.skillIds.entries()) {
      const inSkill = plan.filter((p, i) => Math.floor(topicOf(i) / 2) === s && p.hasVideo)
      expect(progress.skills.find((x) => x.id === skillId)!.percent).toBe(
        Math.floor((100 * inSkill.filter((p) => p.watched).length) / inSkill.length),
      )
    }
  })

  it('a half-watched sub-topic shows its share; resume is the last video played, at its position', async () => {
    const first = await addVideo(tree.subTopicIds[0]!, 100)
    const second = await addVideo(tree.subTopicIds[1]!, 100)
    expect((await packageProgress()).resume).toBeNull()
    await play(second, 0, 45)
    await play(first, 0, 30)
    later(10)
    await beat(first, [], { position: 72 })
    const progress = await packageProgress()
    expect(progress.resume).toEqual({ videoId: first, subTopicId: tree.subTopicIds[0], position: 72 })
    const [a, b] = progress.skills[0]!.topics[0]!.subTopics
    expect(a).toMatchObject({ percent: Math.floor((100 * 30) / 90), completed: false })
    expect(b).toMatchObject({ percent: 50, completed: false })
  })

  it('loads in a constant number of queries whatever the package size', async () => {
    async function measure(shape: { skills: number; topics: number; subTopics: number }, label: string) {
      const built = await insertTree(ctx.deps.db, { ...shape, label })
      await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: built.packageId })
      for (const subTopicId of built.subTopicIds) await addVideo(subTopicId, 10)
      ctx.queries.count = 0
      const res = await ctx.request<PackageProgress>('GET', `/api/progress/packages/${built.packageId}`, { token: learner.token })
      expect(res.status).toBe(200)
      expect(res.body.data!.totalSubTopics).toBe(built.subTopicIds.length)
      return ctx.queries.count
    }
    // The learner's session and the earliest deadline of open sittings are read once and then kept: warm them, so
    // both reads count alike.
    await ctx.request('GET', `/api/progress/packages/${tree.packageId}`, { token: learner.token })
    const small = await measure({ skills: 1, topics: 1, subTopics: 1 }, 'Small')
    const large = await measure({ skills: 3, topics: 4, subTopics: 5 }, 'Large')
    expect(large).toBe(small)
    console.log(`package progress: ${small} queries`)
  })
})

describe('GET /api/progress/packages/{packageId}/learners', () => {
  it('one row per assigned learner, and the same as CSV', async () => {
    const videoId = await addVideo(tree.subTopicIds[0]!, 20)
    const other = await ctx.createUser({ name: '=Bob, "the" tester', email: 'bob@example.com' })
    await ctx.deps.db.insert(userPackages).values({ userId: other.user.id, packageId: tree.packageId })
    await play(videoId, 0, 20)
    const playedAt = ctx.now.toISOString()

    const res = await ctx.request<LearnerProgressRow[]>('GET', `/api/progress/packages/${tree.packageId}/learners`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      {
        userId: other.user.id,
        name: '=Bob, "the" tester',
        email: 'bob@example.com',
        percent: 0,
        completedSubTopics: 0,
        totalSubTopics: 1,
        completedScos: 0,
        totalScos: 0,
        scos: [],
        lastActivityAt: null,
      },
      {
        userId: learner.id,
        name: 'Ada Learner',
        email: 'ada@example.com',
        percent: 100,
        completedSubTopics: 1,
        totalSubTopics: 1,
        completedScos: 0,
        totalScos: 0,
        scos: [],
        lastActivityAt: playedAt,
      },
    ])

    const csv = await ctx.app.request(`/api/progress/packages/${tree.packageId}/learners?format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/)
    expect((await csv.text()).split('\r\n')).toEqual([
      '"User ID","Name","Email","Percent","Completed sub-topics","Total sub-topics","Completed SCOs","Total SCOs","Last activity"',
      `"${other.user.id}","'=Bob, ""the"" tester","bob@example.com","0","0","1","0","0",""`,
      `"${learner.id}","Ada Learner","ada@example.com","100","1","1","0","0","${playedAt}"`,
      '',
    ])
  })

  it('?format= other than json or csv → 400', async () => {
    const res = await ctx.request('GET', `/api/progress/packages/${tree.packageId}/learners?format=xml`, { token: admin })
    expect(res.status).toBe(400)
  })
})
