import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { SubTopic, Video } from '../../contract/content.ts'
import { storedFiles, userPackages, videos } from '../db/schema.ts'
import { setupTestContext, createTestContext } from '../test/harness.ts'
import { insertTree, keysOf, type BuiltTree } from '../test/content.ts'
import { backfillVideoDurations } from './duration.ts'
import {
  EXE,
  JPEG,
  CLIP_SECONDS,
  MP4_HEAD,
  PNG,
  QUICKTIME,
  WEBM,
  diskPath,
  filesOnDisk,
  form,
  mediaCounts,
  mp4,
  mp4Head,
  parseSigned,
  pdf,
  sendStream,
  streamingMultipart,
  upload,
  videoParts,
  zeros,
} from '../test/media.ts'

const ctx = setupTestContext()
let admin: string
let learner: { token: string; id: number }
let tree: BuiltTree
beforeEach(async () => {
  rmSync(path.join(ctx.config.dataDir, 'files'), { recursive: true, force: true })
  admin = (await ctx.createUser({ role: 'admin' })).token
  const user = await ctx.createUser({ role: 'USER' })
  learner = { token: user.token, id: user.user.id }
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2 })
})

const uploadUrl = (subTopicId = tree.subTopicIds[0]!) => `/api/videos/upload/${subTopicId}`
const assign = (userId: number, packageId = tree.packageId) => ctx.deps.db.insert(userPackages).values({ userId, packageId })

async function uploadVideo(options: Parameters<typeof videoParts>[0] = {}, subTopicId?: number) {
  const res = await upload<Video>(ctx, uploadUrl(subTopicId), videoParts(options), admin)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data!
}

async function expectNothingStored() {
  expect(await mediaCounts(ctx.deps.db)).toMatchObject({ videos: 0, storedFiles: 0 })
  expect(filesOnDisk(ctx)).toEqual([])
}

describe('POST /api/videos/upload/{subTopicId}', () => {
  it('stores the video and thumbnail under random keys and answers 201 with signed URLs', async () => {
    const video = mp4(20_000, 0x21)
    const res = await upload<Video>(ctx, uploadUrl(), videoParts({ video, title: '  Intro to hooks  ' }), admin)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, status: 201, message: 'Video and thumbnail uploaded successfully' })
    const created = res.body.data!
    expect(keysOf(created)).toEqual([
      'captions',
      'createdAt',
      'durationSeconds',
      'id',
      'noOfViews',
      'subTopicId',
      'thumbnailUrl',
      'title',
      'url',
    ])
    expect(created).toMatchObject({ subTopicId: tree.subTopicIds[0], title: 'Intro to hooks', noOfViews: 0, durationSeconds: CLIP_SECONDS })
    expect(created.url).toMatch(/^\/api\/files\/[a-f0-9]{32}\?exp=\d+&sig=[\w-]+$/)
    expect(created.thumbnailUrl).toMatch(/^\/api\/files\/[a-f0-9]{32}\?exp=\d+&sig=[\w-]+$/)

    const videoKey = parseSigned(created.url).key
    const thumbKey = parseSigned(created.thumbnailUrl).key
    expect(readFileSync(diskPath(ctx, videoKey))).toEqual(video)
    expect(readFileSync(diskPath(ctx, thumbKey))).toEqual(PNG)
    const files = await ctx.deps.db.select().from(storedFiles)
    expect(files.map((f) => [f.key, f.contentType, f.size, f.originalName]).sort()).toEqual(
      [
        [videoKey, 'video/mp4', video.length, 'lesson.mp4'],
        [thumbKey, 'image/png', PNG.length, 'thumb.png'],
      ].sort(),
    )
    // and the sub-topic now lists it
    const sub = await ctx.request<SubTopic>('GET', `/api/subTopic/${tree.subTopicIds[0]}`, { token: admin })
    expect(sub.body.data!.videos.map((v) => v.id)).toEqual([created.id])
  })

  it('the title defaults to the file name without its extension', async () => {
    expect((await uploadVideo({ videoName: 'Week 3 - Closures.final.mp4' })).title).toBe('Week 3 - Closures.final')
    expect((await uploadVideo({ videoName: 'clip.mp4', title: '   ' })).title).toBe('clip')
    // UTF-8 file names arrive intact (not read as Latin-1)
    expect((await uploadVideo({ videoName: 'Leçon 课程 2.mp4' })).title).toBe('Leçon 课程 2')
  })

  it.each([
    ['WebM', WEBM, 'video/webm'],
    ['QuickTime', QUICKTIME, 'video/quicktime'],
  ])('accepts a %s video (by content) and serves it with its type', async (_name, data, type) => {
    const created = await uploadVideo({ video: data, videoName: 'clip.bin', thumbnail: JPEG, thumbName: 't.jpg' })
    const res = await ctx.app.request(created.url)
    expect(res.headers.get('content-type')).toBe(type)
    const thumb = await ctx.app.request(created.thumbnailUrl)
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
  })

  it('the same file name uploaded twice gives two files under two keys; the name stays metadata', async () => {
    const a = await uploadVideo({ video: mp4(undefined, 1), videoName: 'same.mp4' })
    const b = await uploadVideo({ video: mp4(undefined, 2), videoName: 'same.mp4' })
    const [ka, kb] = [parseSigned(a.url).key, parseSigned(b.url).key]
    expect(ka).not.toBe(kb)
    expect(readFileSync(diskPath(ctx, ka)).at(-1)).toBe(1)
    expect(readFileSync(diskPath(ctx, kb)).at(-1)).toBe(2)
    expect(filesOnDisk(ctx).join()).not.toMatch(/same/)
    const names = await ctx.deps.db
      .select({ name: storedFiles.originalName })
      .from(storedFiles)
      .where(eq(storedFiles.contentType, 'video/mp4'))
    expect(names.map((n) => n.name)).toEqual(['same.mp4', 'same.mp4'])
  })

  it('a hostile file name is sanitised and never becomes a path', async () => {
    const created = await uploadVideo({ videoName: '../../etc/<evil>|name.mp4' })
    const [row] = await ctx.deps.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, parseSigned(created.url).key))
    expect(row!.originalName).toBe('_evil_name.mp4')
    expect(filesOnDisk(ctx).every((f) => /^[a-f0-9]{2}\/[a-f0-9]{32}$/.test(f))).toBe(true)
  })

  it.each([
    ['an MP4 without a movie header', Buffer.concat([MP4_HEAD, Buffer.alloc(2000)])],
    ['a WebM without segment info', WEBM.subarray(0, 4)],
  ])('%s → 400 saying its duration cannot be read; nothing stored', async (_name, data) => {
    const res = await upload(ctx, uploadUrl(), videoParts({ video: data }), admin)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe("The video's duration cannot be read from the file")
    expect(res.body.errorDetails).toHaveProperty(['video'])
    await expectNothingStored()
  })

  it('reads the duration of MP4, WebM and QuickTime files', async () => {
    expect((await uploadVideo({ video: mp4() })).durationSeconds).toBe(CLIP_SECONDS)
    expect((await uploadVideo({ video: WEBM })).durationSeconds).toBe(7)
    expect((await uploadVideo({ video: QUICKTIME })).durationSeconds).toBe(CLIP_SECONDS)
  })

  it('reads the duration of a large video from its boxes, not by reading the whole file back', async () => {
    const get = vi.spyOn(ctx.deps.store, 'get')
    try {
      const video = await uploadVideo({ video: mp4(32 * 1024 * 1024) })
      expect(video.durationSeconds).toBe(CLIP_SECONDS)
      const ranges = get.mock.calls.map(([, range]) => range)
      expect(ranges.length).toBeGreaterThan(0)
      const read = ranges.reduce((sum, range) => sum + (range ? range.end - range.start + 1 : Number.POSITIVE_INFINITY), 0)
      expect(read).toBeLessThan(1024 * 1024)
    } finally {
      get.mockRestore()
    }
  })

  it('a PNG sent as the video → 415 naming the expected type; nothing stored', async () => {
    const res = await upload(ctx, uploadUrl(), videoParts({ video: PNG, videoName: 'movie.mp4' }), admin)
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('video must be a video (MP4, WebM or QuickTime)')
    await expectNothingStored()
  })

  it.each([
    ['an MP4', mp4()],
    ['a PDF', pdf()],
    ['an executable', EXE],
  ])('%s sent as the thumbnail → 415; nothing stored', async (_name, data) => {
    const res = await upload(ctx, uploadUrl(), videoParts({ thumbnail: data, thumbName: 'thumb.png' }), admin)
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('thumbnail must be an image (PNG, JPEG or WebP)')
    await expectNothingStored()
  })

  it('a thumbnail over 5 MB → 413 with the limit in the message; nothing stored', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    const res = await upload(ctx, uploadUrl(), videoParts({ thumbnail: big }), admin)
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('thumbnail is larger than the 5 MB limit')
    await expectNothingStored()
  })

  it('a thumbnail of exactly 5 MB is accepted', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)])
    await uploadVideo({ thumbnail: exact })
  })

  it('a video over MAX_VIDEO_BYTES → 413 with the limit in the message; nothing stored', async () => {
    const small = await createTestContext({ MAX_VIDEO_BYTES: String(64 * 1024) })
    try {
      const token = (await small.createUser({ role: 'admin' })).token
      const t = await insertTree(small.deps.db, { skills: 1, topics: 1, subTopics: 1 })
      const over = await upload(small, `/api/videos/upload/${t.subTopicIds[0]}`, videoParts({ video: mp4(64 * 1024 + 1) }), token)
      expect(over.status).toBe(413)
      expect(over.body.message).toBe('video is larger than the 64 KB limit')
      expect(await mediaCounts(small.deps.db)).toMatchObject({ videos: 0, storedFiles: 0 })
      expect(filesOnDisk(small)).toEqual([])
      const exact = await upload(small, `/api/videos/upload/${t.subTopicIds[0]}`, videoParts({ video: mp4(64 * 1024) }), token)
      expect(exact.status).toBe(201)
    } finally {
      await small.close()
    }
  })

  it.each([
    ['the video', (p: ReturnType<typeof videoParts>) => p.filter((x) => x.name !== 'video'), 'video'],
    ['the thumbnail', (p: ReturnType<typeof videoParts>) => p.filter((x) => x.name !== 'thumbnail'), 'thumbnail'],
  ])('missing %s → 400 naming the part; nothing stored', async (_name, edit, field) => {
    const res = await upload(ctx, uploadUrl(), edit(videoParts()), admin)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(`${field} file is required`)
    expect(res.body.errorDetails).toHaveProperty([field])
    await expectNothingStored()
  })

  it('an empty video → 400; nothing stored', async () => {
    const res = await upload(ctx, uploadUrl(), videoParts({ video: Buffer.alloc(0) }), admin)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('video is empty')
    await expectNothingStored()
  })

  it('two video parts, or an unexpected file part → 400; nothing stored', async () => {
    const twice = await upload(ctx, uploadUrl(), [...videoParts(), { name: 'video', filename: 'b.mp4', data: mp4() }], admin)
    expect(twice.status).toBe(400)
    const extra = await upload(ctx, uploadUrl(), [videoParts()[0]!, { name: 'other', filename: 'x.png', data: PNG }], admin)
    expect(extra.status).toBe(400)
    expect(extra.body.message).toMatch(/Unexpected file field 'other'/)
    await expectNothingStored()
  })

  it('a body that is not multipart → 415; a malformed multipart body → 400', async () => {
    const json = await ctx.request('POST', uploadUrl(), { token: admin, body: { video: 'x' } })
    expect(json.status).toBe(415)
    const broken = await ctx.request('POST', uploadUrl(), {
      token: admin,
      rawBody: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
    })
    expect(broken.status).toBe(400)
    const truncated = await ctx.request('POST', uploadUrl(), {
      token: admin,
      rawBody: `--b\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\n\r\n${MP4_HEAD.toString('latin1')}`,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })
    expect(truncated.status).toBe(400)
    await expectNothingStored()
  })

  it('unknown sub-topic → 404; non-numeric id → 400; nothing stored', async () => {
    const missing = await upload(ctx, uploadUrl(99_999), videoParts(), admin)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('SubTopic not found')
    const bad = await upload(ctx, '/api/videos/upload/abc', videoParts(), admin)
    expect(bad.status).toBe(400)
    await expectNothingStored()
  })

  it('learners → 403, anonymous → 401; nothing stored', async () => {
    await assign(learner.id)
    expect((await upload(ctx, uploadUrl(), videoParts(), learner.token)).status).toBe(403)
    expect((await ctx.request('POST', uploadUrl(), { rawBody: form(videoParts()) })).status).toBe(401)
    await expectNothingStored()
  })

  it('an upload cut off mid-stream leaves no row and no stored file (temporary files included)', async () => {
    // a thumbnail that arrives whole first, then a video cut off after about 3 MB
    const body = streamingMultipart(
      [
        { name: 'title', chunks: () => [new TextEncoder().encode('Cut off')] },
        { name: 'thumbnail', filename: 't.png', type: 'image/png', chunks: () => [PNG] },
        { name: 'video', filename: 'v.mp4', type: 'video/mp4', chunks: () => zeros(10 * 1024 * 1024, MP4_HEAD, 64 * 1024) },
      ],
      { failAfter: 3 * 1024 * 1024 },
    )
    const res = await sendStream(ctx, uploadUrl(), body, admin)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/interrupted/)
    await expectNothingStored()
  })

  it('a cut-off upload before the thumbnail arrives also leaves nothing', async () => {
    const body = streamingMultipart(
      [
        { name: 'video', filename: 'v.mp4', type: 'video/mp4', chunks: () => zeros(4 * 1024 * 1024, MP4_HEAD, 64 * 1024) },
        { name: 'thumbnail', filename: 't.png', type: 'image/png', chunks: () => [PNG] },
      ],
      { failAfter: 1024 * 1024 },
    )
    const res = await sendStream(ctx, uploadUrl(), body, admin)
    expect(res.status).toBe(400)
    await expectNothingStored()
  })

  // Memory that grew with the upload would grow by about its size; the 1 GiB upload is timed by bench/upload.ts.
  it('a video streams to disk with bounded memory: 64 MiB in, heap and RSS grow by less than half of it', async () => {
    const MiB = 1024 * 1024
    const size = 64 * MiB
    global.gc?.()
    const before = process.memoryUsage()
    const peak = { rss: before.rss, heap: before.heapUsed }
    let samples = 0
    // sampled each time the server pulls another 256 KiB chunk of the body
    function* sampled(chunks: Iterable<Uint8Array>) {
      for (const chunk of chunks) {
        const now = process.memoryUsage()
        peak.rss = Math.max(peak.rss, now.rss)
        peak.heap = Math.max(peak.heap, now.heapUsed)
        samples++
        yield chunk
      }
    }
    const body = streamingMultipart([
      { name: 'thumbnail', filename: 't.png', type: 'image/png', chunks: () => [PNG] },
      { name: 'video', filename: 'huge.mp4', type: 'video/mp4', chunks: () => sampled(zeros(size, mp4Head(size))) },
    ])
    const res = await sendStream(ctx, uploadUrl(), body, admin)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const growth = { rss: Math.round((peak.rss - before.rss) / MiB), heap: Math.round((peak.heap - before.heapUsed) / MiB) }
    console.log(`${size / MiB} MiB upload: peak growth RSS ${growth.rss} MiB, heap ${growth.heap} MiB (${samples} samples)`)
    expect(samples).toBe(size / (256 * 1024) + 1)
    expect(growth.rss).toBeLessThan(size / MiB / 2)
    expect(growth.heap).toBeLessThan(size / MiB / 2)
    const created = res.body.data as Video
    const [row] = await ctx.deps.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, parseSigned(created.url).key))
    expect(row!.size).toBe(size)
    // the last bytes are served by range without reading the whole file
    const tail = await ctx.app.request(created.url, { headers: { range: 'bytes=-4' } })
    expect(tail.status).toBe(206)
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 4}-${size - 1}/${size}`)
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([0, 0, 0, 0])
  })
})

describe('GET /api/videos/{id}', () => {
  it('admins and assigned learners get the video with fresh signed URLs', async () => {
    const created = await uploadVideo({ title: 'Lesson' })
    const asAdmin = await ctx.request<Video>('GET', `/api/videos/${created.id}`, { token: admin })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.message).toBe('Video fetched successfully')
    expect(asAdmin.body.data).toMatchObject({ id: created.id, title: 'Lesson' })
    await assign(learner.id)
    const asLearner = await ctx.request<Video>('GET', `/api/videos/${created.id}`, { token: learner.token })
    expect(asLearner.status).toBe(200)
    expect((await ctx.app.request(asLearner.body.data!.url)).status).toBe(200)
  })

  it('an unassigned learner → 403; unknown → 404; bad id → 400; anonymous → 401', async () => {
    const created = await uploadVideo()
    expect((await ctx.request('GET', `/api/videos/${created.id}`, { token: learner.token })).status).toBe(403)
    const missing = await ctx.request('GET', '/api/videos/99999', { token: admin })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Video not found')
    expect((await ctx.request('GET', '/api/videos/x', { token: admin })).status).toBe(400)
    expect((await ctx.request('GET', `/api/videos/${created.id}`)).status).toBe(401)
  })
})

describe('GET /api/videos/{id} from memory', () => {
  const get = (id: number, token = learner.token) => ctx.request<Video>('GET', `/api/videos/${id}`, { token })

  it('answers a repeated read with no statement, with signed URLs of the current window', async () => {
    const created = await uploadVideo({ title: 'Kept' })
    await assign(learner.id)
    await get(created.id)
    ctx.queries.count = 0
    const again = await get(created.id)
    expect(again.status).toBe(200)
    expect(ctx.queries.count).toBe(0)
    ctx.now = new Date(ctx.now.getTime() + 10 * 60_000)
    const later = await get(created.id, await ctx.deps.tokens.sign({ userId: learner.id, role: 'USER' }))
    expect(later.body.data!.url).not.toBe(again.body.data!.url)
  })

  it('shows a rename, a move to another package, a deletion and an unassignment at the next read', async () => {
    const created = await uploadVideo({ title: 'Before' })
    await assign(learner.id)
    expect((await get(created.id)).body.data!.title).toBe('Before')
    await ctx.request('PUT', `/api/videos/${created.id}`, { token: admin, body: { title: 'After' } })
    expect((await get(created.id)).body.data!.title).toBe('After')

    const elsewhere = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'Elsewhere' })
    await ctx.deps.db.update(videos).set({ subTopicId: elsewhere.subTopicIds[0]! }).where(eq(videos.id, created.id))
    expect((await get(created.id)).status).toBe(403)
    await assign(learner.id, elsewhere.packageId)
    expect((await get(created.id)).body.data!.subTopicId).toBe(elsewhere.subTopicIds[0])

    await ctx.deps.db.delete(userPackages).where(eq(userPackages.packageId, elsewhere.packageId))
    expect((await get(created.id)).status).toBe(403)
    await ctx.request('DELETE', `/api/videos/${created.id}`, { token: admin })
    expect((await get(created.id, admin)).status).toBe(404)
  })

  it("shows a write made through another instance at that instance's next read", async () => {
    const other = await createTestContext({}, { otherInstance: true })
    try {
      const created = await uploadVideo({ title: 'On A' })
      await assign(learner.id)
      const onB = await other.deps.tokens.sign({ userId: learner.id, role: 'USER' })
      const read = () => other.request<Video>('GET', `/api/videos/${created.id}`, { token: onB })
      expect((await read()).body.data!.title).toBe('On A')
      await read()
      await ctx.request('PUT', `/api/videos/${created.id}`, { token: admin, body: { title: 'Renamed on A' } })
      expect((await read()).body.data!.title).toBe('Renamed on A')
    } finally {
      await other.close()
    }
  })
})

describe('PUT /api/videos/{id}', () => {
  it('renames the video', async () => {
    const created = await uploadVideo({ title: 'Old' })
    const res = await ctx.request<Video>('PUT', `/api/videos/${created.id}`, { token: admin, body: { title: '  New title ' } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Video updated successfully')
    expect(res.body.data).toMatchObject({ id: created.id, title: 'New title' })
    expect((await ctx.deps.db.select().from(videos))[0]!.title).toBe('New title')
  })

  it('blank or missing title → 400; unknown → 404; learner → 403', async () => {
    const created = await uploadVideo()
    const blank = await ctx.request('PUT', `/api/videos/${created.id}`, { token: admin, body: { title: '  ' } })
    expect(blank.status).toBe(400)
    expect(blank.body.errorDetails).toHaveProperty(['title'])
    expect((await ctx.request('PUT', `/api/videos/${created.id}`, { token: admin, body: {} })).status).toBe(400)
    expect((await ctx.request('PUT', `/api/videos/${created.id}`, { token: admin, body: { title: 'x'.repeat(201) } })).status).toBe(400)
    expect((await ctx.request('PUT', '/api/videos/99999', { token: admin, body: { title: 'T' } })).status).toBe(404)
    await assign(learner.id)
    expect((await ctx.request('PUT', `/api/videos/${created.id}`, { token: learner.token, body: { title: 'T' } })).status).toBe(403)
  })
})

describe('DELETE /api/videos/{id}', () => {
  it('deletes the row and both files from disk', async () => {
    const keep = await uploadVideo({ title: 'Keep' })
    const gone = await uploadVideo({ title: 'Gone' })
    const goneFiles = [parseSigned(gone.url).key, parseSigned(gone.thumbnailUrl).key]
    for (const key of goneFiles) expect(existsSync(diskPath(ctx, key))).toBe(true)
    const res = await ctx.request('DELETE', `/api/videos/${gone.id}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Video deleted successfully')
    for (const key of goneFiles) expect(existsSync(diskPath(ctx, key))).toBe(false)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ videos: 1, storedFiles: 2 })
    expect(existsSync(diskPath(ctx, parseSigned(keep.url).key))).toBe(true)
    // its signed URL now answers 404
    expect((await ctx.app.request(gone.url)).status).toBe(404)
  })

  it('unknown → 404; learner → 403 and nothing deleted', async () => {
    const created = await uploadVideo()
    expect((await ctx.request('DELETE', '/api/videos/99999', { token: admin })).status).toBe(404)
    await assign(learner.id)
    expect((await ctx.request('DELETE', `/api/videos/${created.id}`, { token: learner.token })).status).toBe(403)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ videos: 1, storedFiles: 2 })
  })

  it('deleting the sub-topic or the package removes the videos files from disk', async () => {
    const first = await uploadVideo({}, tree.subTopicIds[0])
    const second = await uploadVideo({}, tree.subTopicIds[1])
    expect(filesOnDisk(ctx)).toHaveLength(4)
    expect((await ctx.request('DELETE', `/api/subTopic/${tree.subTopicIds[0]}`, { token: admin })).status).toBeLessThan(300)
    expect(existsSync(diskPath(ctx, parseSigned(first.url).key))).toBe(false)
    expect(filesOnDisk(ctx)).toHaveLength(2)
    expect((await ctx.request('DELETE', `/api/packages/${tree.packageId}`, { token: admin })).status).toBe(200)
    expect(existsSync(diskPath(ctx, parseSigned(second.url).key))).toBe(false)
    await expectNothingStored()
  })
})

describe('POST /api/videos/{id}/view', () => {
  it('counts a play once per user, video and hour', async () => {
    const created = await uploadVideo()
    await assign(learner.id)
    const view = (token: string) => ctx.request<{ id: number; noOfViews: number }>('POST', `/api/videos/${created.id}/view`, { token })
    const first = await view(learner.token)
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ id: created.id, noOfViews: 1 })
    expect((await view(learner.token)).body.data!.noOfViews).toBe(1)
    expect((await view(admin)).body.data!.noOfViews).toBe(2)
    ctx.now = new Date(ctx.now.getTime() + 3_600_000)
    expect((await view(learner.token)).body.data!.noOfViews).toBe(3)
    expect((await view(learner.token)).body.data!.noOfViews).toBe(3)
    const other = await uploadVideo()
    expect(
      (await ctx.request<{ noOfViews: number }>('POST', `/api/videos/${other.id}/view`, { token: learner.token })).body.data!.noOfViews,
    ).toBe(1)
    expect((await ctx.request<Video>('GET', `/api/videos/${created.id}`, { token: admin })).body.data!.noOfViews).toBe(3)
  })

  it('an unassigned learner → 403 and nothing counted; unknown video → 404', async () => {
    const created = await uploadVideo()
    expect((await ctx.request('POST', `/api/videos/${created.id}/view`, { token: learner.token })).status).toBe(403)
    expect((await ctx.deps.db.select().from(videos))[0]!.noOfViews).toBe(0)
    expect((await ctx.request('POST', '/api/videos/99999/view', { token: admin })).status).toBe(404)
    expect((await ctx.request('POST', `/api/videos/${created.id}/view`)).status).toBe(401)
  })
})

describe('the startup backfill of durations', () => {
  it('reads the duration of videos stored without one, once; unreadable files stay at 0', async () => {
    const old = await uploadVideo()
    const other = await uploadVideo()
    await ctx.deps.db.update(videos).set({ durationSeconds: null })
    // a file stored before durations were read, which has none to read
    const [otherRow] = await ctx.deps.db.select().from(videos).where(eq(videos.id, other.id))
    writeFileSync(diskPath(ctx, otherRow!.fileKey), Buffer.concat([MP4_HEAD, Buffer.alloc(100)]))
    const before = await ctx.request<Video>('GET', `/api/videos/${old.id}`, { token: admin })
    expect(before.body.data!.durationSeconds).toBe(0)

    expect(await backfillVideoDurations(ctx.deps)).toEqual({ updated: 1, unreadable: 1 })
    const after = await ctx.request<Video>('GET', `/api/videos/${old.id}`, { token: admin })
    expect(after.body.data!.durationSeconds).toBe(CLIP_SECONDS)
    expect(await backfillVideoDurations(ctx.deps)).toEqual({ updated: 0, unreadable: 1 })
  })
})
