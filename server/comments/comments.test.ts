import { count, eq } from 'drizzle-orm'
import type { Video } from '../../contract/content.ts'
import type { Page } from '../../contract/envelope.ts'
import type { Comment, CommentSummary, RatingDistribution } from '../../contract/learning.ts'
import { comments } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'
import { upload, videoParts } from '../test/media.ts'

const ctx = setupTestContext()
let admin: { token: string; id: number }
let learner: { token: string; id: number; name: string }
let other: { token: string; id: number; name: string }
let outsider: { token: string; id: number }
let tree: BuiltTree
let video: Video

beforeEach(async () => {
  const a = await ctx.createUser({ role: 'admin' })
  admin = { token: a.token, id: a.user.id }
  const l = await ctx.createUser({ role: 'USER', name: 'Lena Learner' })
  learner = { token: l.token, id: l.user.id, name: 'Lena Learner' }
  const o = await ctx.createUser({ role: 'USER', name: 'Otto Other' })
  other = { token: o.token, id: o.user.id, name: 'Otto Other' }
  const x = await ctx.createUser({ role: 'USER', name: 'Xena Outsider' })
  outsider = { token: x.token, id: x.user.id }
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
  const uploaded = await upload<Video>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts({ title: 'Lesson 1' }), admin.token)
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
  video = uploaded.body.data!
  for (const userId of [learner.id, other.id]) {
    const res = await ctx.request('PUT', `/api/user/${userId}/assign-packages`, {
      token: admin.token,
      body: { packageIds: [tree.packageId] },
    })
    expect(res.status).toBe(200)
  }
})

const post = (body: Record<string, unknown>, token = learner.token) => ctx.request<Comment>('POST', '/api/comments', { token, body })
async function create(comment: string, rating: number, token = learner.token) {
  const res = await post({ videoId: video.id, comment, rating }, token)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data!
}
/** An admin takes the video's package away from the learner. */
async function unassign(userId: number) {
  const res = await ctx.request('DELETE', `/api/user/${userId}/packages/${tree.packageId}`, { token: admin.token })
  expect(res.status).toBe(200)
}
const commentCount = async () => (await ctx.deps.db.select({ n: count() }).from(comments))[0]!.n
const paged = (page: number, size = 5, token = learner.token) =>
  ctx.request<Page<Comment>>('GET', `/api/comments/video/${video.id}/paged?page=${page}&size=${size}`, { token })

describe('POST /api/comments', () => {
  it('creates the comment (201 "Comment created") with trimmed text, the author and a timestamp', async () => {
    const res = await post({ videoId: video.id, comment: '   Great lesson!  ', rating: 4 })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, message: 'Comment created' })
    expect(res.body.data).toMatchObject({
      videoId: video.id,
      comment: 'Great lesson!',
      rating: 4,
      userId: learner.id,
      userName: learner.name,
    })
    expect(res.body.data!.createdAt).toBe(ctx.now.toISOString())
    const [row] = await ctx.deps.db.select().from(comments)
    expect(row).toMatchObject({ videoId: video.id, userId: learner.id, comment: 'Great lesson!', rating: 4 })
  })

  it.each([[''], ['    '], ['\n\t']])('a blank comment %j is a 400 with "Please provide both rating and comment"', async (comment) => {
    const res = await post({ videoId: video.id, comment, rating: 4 })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('Please provide both rating and comment')
    expect(res.body.errorDetails).toHaveProperty('comment')
    expect(await commentCount()).toBe(0)
  })

  it('a missing comment is a 400 with "Please provide both rating and comment"', async () => {
    const res = await post({ videoId: video.id, rating: 4 })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('Please provide both rating and comment')
  })

  it.each([[0], [6], [-2], [2.5], ['x'], [null]])('rating %j is a 400', async (rating) => {
    const res = await post({ videoId: video.id, comment: 'ok', rating })
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty('rating')
    expect(await commentCount()).toBe(0)
  })

  it('a missing rating is a 400', async () => {
    const res = await post({ videoId: video.id, comment: 'ok' })
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty('rating')
  })

  it.each([[1], [5]])('rating %i is accepted', async (rating) => {
    expect((await post({ videoId: video.id, comment: 'ok', rating })).status).toBe(201)
  })

  it('a comment of 2000 characters is accepted and one over is a 400', async () => {
    expect((await post({ videoId: video.id, comment: 'y'.repeat(2000), rating: 3 })).status).toBe(201)
    const long = await post({ videoId: video.id, comment: 'y'.repeat(2001), rating: 3 })
    expect(long.status).toBe(400)
    expect(long.body.errorDetails).toHaveProperty('comment')
    expect(await commentCount()).toBe(1)
  })

  it('an unknown video is a 404', async () => {
    const res = await post({ videoId: 99999, comment: 'hello', rating: 3 })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Video not found')
    expect(await commentCount()).toBe(0)
  })

  it('a learner not assigned to the video’s package gets 403', async () => {
    const res = await post({ videoId: video.id, comment: 'sneaky', rating: 5 }, outsider.token)
    expect(res.status).toBe(403)
    expect(await commentCount()).toBe(0)
  })

  it('needs a session', async () => {
    expect((await ctx.request('POST', '/api/comments', { body: { videoId: video.id, comment: 'x', rating: 3 } })).status).toBe(401)
  })
})

describe('reads are limited to those who may see the video', () => {
  it('an unassigned learner gets 403 on every read', async () => {
    await create('visible only to the assigned', 5)
    for (const path of [
      `/api/comments/summary/${video.id}`,
      `/api/comments/ratings/${video.id}`,
      `/api/comments/video/${video.id}`,
      `/api/comments/video/${video.id}/paged?page=0&size=5`,
    ]) {
      const res = await ctx.request('GET', path, { token: outsider.token })
      expect(res.status, path).toBe(403)
      expect(JSON.stringify(res.body), path).not.toContain('visible only to the assigned')
    }
  })

  it('an unknown video is a 404 on every read; a non-numeric id a 400', async () => {
    for (const path of [
      '/api/comments/summary/99999',
      '/api/comments/ratings/99999',
      '/api/comments/video/99999',
      '/api/comments/video/99999/paged?page=0&size=5',
    ]) {
      expect((await ctx.request('GET', path, { token: learner.token })).status, path).toBe(404)
    }
    expect((await ctx.request('GET', '/api/comments/summary/abc', { token: learner.token })).status).toBe(400)
  })

  it('an admin reads them without an assignment', async () => {
    await create('hello', 5)
    const res = await ctx.request<Comment[]>('GET', `/api/comments/video/${video.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(1)
  })
})

describe('GET /api/comments/summary/{videoId}', () => {
  it('is zero without comments', async () => {
    const res = await ctx.request<CommentSummary>('GET', `/api/comments/summary/${video.id}`, { token: learner.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Summary fetched')
    expect(res.body.data).toEqual({ totalComments: 0, averageRating: 0 })
  })

  it('counts the comments and averages their ratings to two decimals', async () => {
    await create('a', 5)
    await create('b', 4, other.token)
    await create('c', 4)
    await create('d', 2, other.token)
    await create('e', 1)
    await create('f', 5)
    const ratings = [5, 4, 4, 2, 1, 5]
    const expected = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100
    const res = await ctx.request<CommentSummary>('GET', `/api/comments/summary/${video.id}`, { token: learner.token })
    expect(res.body.data).toEqual({ totalComments: 6, averageRating: expected })
    expect(expected).toBe(3.5)
  })

  it('rounds a repeating average to two decimals', async () => {
    await create('a', 5)
    await create('b', 5)
    await create('c', 4)
    const res = await ctx.request<CommentSummary>('GET', `/api/comments/summary/${video.id}`, { token: learner.token })
    expect(res.body.data).toEqual({ totalComments: 3, averageRating: 4.67 })
  })
})

describe('GET /api/comments/ratings/{videoId}', () => {
  it('has all five keys, zeros included', async () => {
    const empty = await ctx.request<RatingDistribution>('GET', `/api/comments/ratings/${video.id}`, { token: learner.token })
    expect(empty.status).toBe(200)
    expect(empty.body.message).toBe('Rating distribution fetched')
    expect(empty.body.data).toEqual({ ratingCounts: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } })
    await create('a', 5)
    await create('b', 5, other.token)
    await create('c', 2)
    const res = await ctx.request<RatingDistribution>('GET', `/api/comments/ratings/${video.id}`, { token: learner.token })
    expect(res.body.data).toEqual({ ratingCounts: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 2 } })
  })

  it('counts only this video’s comments', async () => {
    const second = await upload<Video>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts({ title: 'Lesson 2' }), admin.token)
    await post({ videoId: second.body.data!.id, comment: 'elsewhere', rating: 1 })
    await create('here', 3)
    const res = await ctx.request<RatingDistribution>('GET', `/api/comments/ratings/${video.id}`, { token: learner.token })
    expect(res.body.data).toEqual({ ratingCounts: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 0 } })
  })
})

describe('GET /api/comments/video/{videoId}', () => {
  it('lists the video’s comments newest first', async () => {
    const t0 = ctx.now.getTime()
    ctx.now = new Date(t0)
    const first = await create('first', 3)
    ctx.now = new Date(t0 + 60_000)
    const second = await create('second', 4, other.token)
    ctx.now = new Date(t0 + 120_000)
    const third = await create('third', 5)
    const res = await ctx.request<Comment[]>('GET', `/api/comments/video/${video.id}`, { token: learner.token })
    expect(res.status).toBe(200)
    expect(res.body.data!.map((c) => c.id)).toEqual([third.id, second.id, first.id])
    expect(res.body.data![1]).toMatchObject({ comment: 'second', rating: 4, userName: other.name, videoId: video.id })
  })
})

describe('GET /api/comments/video/{videoId}/paged', () => {
  async function seed(n: number) {
    const t0 = new Date('2025-03-01T10:00:00Z').getTime()
    const made: Comment[] = []
    for (let i = 0; i < n; i++) {
      ctx.now = new Date(t0 + i * 1000)
      made.push(await create(`comment ${i}`, (i % 5) + 1, i % 2 ? other.token : learner.token))
    }
    return made
  }

  it('pages of five, newest first, with the page shape and the last flag on the last page', async () => {
    const made = await seed(12)
    const newest = [...made].reverse().map((c) => c.id)
    const p0 = await paged(0)
    expect(p0.status).toBe(200)
    expect(p0.body.message).toBe('Paged comments fetched')
    expect(p0.body.data).toMatchObject({ number: 0, size: 5, totalElements: 12, totalPages: 3, first: true, last: false, empty: false })
    expect(p0.body.data!.content.map((c) => c.id)).toEqual(newest.slice(0, 5))
    const p1 = await paged(1)
    expect(p1.body.data).toMatchObject({ number: 1, first: false, last: false })
    expect(p1.body.data!.content.map((c) => c.id)).toEqual(newest.slice(5, 10))
    const p2 = await paged(2)
    expect(p2.body.data).toMatchObject({ number: 2, first: false, last: true, empty: false })
    expect(p2.body.data!.content.map((c) => c.id)).toEqual(newest.slice(10))
    expect(p2.body.data!.content[0]).toMatchObject({ comment: 'comment 1', userName: other.name })
  })

  it('a single page is both first and last; no comments is an empty last page', async () => {
    const empty = await paged(0)
    expect(empty.body.data).toMatchObject({ content: [], totalElements: 0, totalPages: 0, first: true, last: true, empty: true })
    await seed(5)
    const full = await paged(0)
    expect(full.body.data).toMatchObject({ totalElements: 5, totalPages: 1, first: true, last: true })
    expect(full.body.data!.content).toHaveLength(5)
  })

  it('equal timestamps still page in a stable order: no duplicates, none missing', async () => {
    ctx.now = new Date('2025-03-01T10:00:00Z')
    const made: Comment[] = []
    for (let i = 0; i < 13; i++) made.push(await create(`same time ${i}`, 3, i % 2 ? other.token : learner.token))
    expect(new Set(made.map((c) => c.createdAt)).size).toBe(1)
    const seen: number[] = []
    for (let page = 0; page < 3; page++) {
      const res = await paged(page)
      expect(res.body.data!.last).toBe(page === 2)
      seen.push(...res.body.data!.content.map((c) => c.id))
    }
    expect(seen).toHaveLength(13)
    expect(new Set(seen).size).toBe(13)
    expect([...seen].sort((a, b) => a - b)).toEqual(made.map((c) => c.id).sort((a, b) => a - b))
    // and the order is the same every time
    const again: number[] = []
    for (let page = 0; page < 3; page++) again.push(...(await paged(page)).body.data!.content.map((c) => c.id))
    expect(again).toEqual(seen)
  })

  it('a page past the end is empty and last', async () => {
    await seed(3)
    const res = await paged(4)
    expect(res.body.data).toMatchObject({ content: [], last: true, empty: true })
  })

  it('bad paging values are a 400', async () => {
    for (const q of ['page=-1&size=5', 'page=0&size=0', 'page=x&size=5', 'page=0&size=1000']) {
      expect((await ctx.request('GET', `/api/comments/video/${video.id}/paged?${q}`, { token: learner.token })).status, q).toBe(400)
    }
  })
})

describe('PUT /api/comments/{id}', () => {
  it('the owner edits the text and the rating', async () => {
    const mine = await create('first take', 2)
    const res = await ctx.request<Comment>('PUT', `/api/comments/${mine.id}`, {
      token: learner.token,
      body: { comment: '  second take ', rating: 5 },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: mine.id, comment: 'second take', rating: 5 })
    const [row] = await ctx.deps.db.select().from(comments).where(eq(comments.id, mine.id))
    expect(row).toMatchObject({ comment: 'second take', rating: 5 })
  })

  it('the owner may change only the rating', async () => {
    const mine = await create('keep me', 2)
    const res = await ctx.request<Comment>('PUT', `/api/comments/${mine.id}`, { token: learner.token, body: { rating: 4 } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ comment: 'keep me', rating: 4 })
  })

  it('another learner and an admin get 403 and nothing changes', async () => {
    const mine = await create('mine', 2)
    for (const token of [other.token, admin.token]) {
      expect((await ctx.request('PUT', `/api/comments/${mine.id}`, { token, body: { comment: 'edited', rating: 5 } })).status).toBe(403)
    }
    const [row] = await ctx.deps.db.select().from(comments).where(eq(comments.id, mine.id))
    expect(row).toMatchObject({ comment: 'mine', rating: 2 })
  })

  it('the owner whose package was unassigned gets 403 and nothing changes', async () => {
    const mine = await create('mine', 2)
    await unassign(learner.id)
    const res = await ctx.request('PUT', `/api/comments/${mine.id}`, { token: learner.token, body: { comment: 'edited', rating: 5 } })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('This package is not assigned to you')
    const [row] = await ctx.deps.db.select().from(comments).where(eq(comments.id, mine.id))
    expect(row).toMatchObject({ comment: 'mine', rating: 2 })
  })

  it('a bad rating or blank text is a 400; an unknown comment a 404', async () => {
    const mine = await create('mine', 2)
    expect((await ctx.request('PUT', `/api/comments/${mine.id}`, { token: learner.token, body: { rating: 6 } })).status).toBe(400)
    expect((await ctx.request('PUT', `/api/comments/${mine.id}`, { token: learner.token, body: { comment: '   ' } })).status).toBe(400)
    expect(
      (await ctx.request('PUT', `/api/comments/${mine.id}`, { token: learner.token, body: { comment: 'z'.repeat(2001) } })).status,
    ).toBe(400)
    expect((await ctx.request('PUT', '/api/comments/99999', { token: learner.token, body: { rating: 3 } })).status).toBe(404)
  })
})

describe('DELETE /api/comments/{id}', () => {
  it('the owner deletes their comment', async () => {
    const mine = await create('bye', 3)
    const res = await ctx.request('DELETE', `/api/comments/${mine.id}`, { token: learner.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Comment deleted')
    expect(await commentCount()).toBe(0)
  })

  it('an admin deletes any comment (moderation)', async () => {
    const mine = await create('rude', 1)
    expect((await ctx.request('DELETE', `/api/comments/${mine.id}`, { token: admin.token })).status).toBe(200)
    expect(await commentCount()).toBe(0)
  })

  it('another learner gets 403 and the comment stays', async () => {
    const mine = await create('mine', 3)
    expect((await ctx.request('DELETE', `/api/comments/${mine.id}`, { token: other.token })).status).toBe(403)
    expect(await commentCount()).toBe(1)
  })

  it('the owner whose package was unassigned gets 403 and the comment stays', async () => {
    const mine = await create('mine', 3)
    await unassign(learner.id)
    const res = await ctx.request('DELETE', `/api/comments/${mine.id}`, { token: learner.token })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('This package is not assigned to you')
    expect(await commentCount()).toBe(1)
  })

  it('an unknown comment is a 404', async () => {
    expect((await ctx.request('DELETE', '/api/comments/99999', { token: admin.token })).status).toBe(404)
  })

  it('deleting the video removes its comments', async () => {
    await create('a', 3)
    await create('b', 4, other.token)
    expect((await ctx.request('DELETE', `/api/videos/${video.id}`, { token: admin.token })).status).toBe(200)
    expect(await commentCount()).toBe(0)
  })
})
