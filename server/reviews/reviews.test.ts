import { count, eq } from 'drizzle-orm'
import type { Review, ReviewInput, ReviewSummary } from '../../contract/learning.ts'
import { reviews, users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'

const ctx = setupTestContext()
let admin: { token: string; id: number }
let learner: { token: string; id: number; name: string }
let other: { token: string; id: number; name: string }
let tree: BuiltTree
let otherTree: BuiltTree

beforeEach(async () => {
  const a = await ctx.createUser({ role: 'admin' })
  admin = { token: a.token, id: a.user.id }
  const l = await ctx.createUser({ role: 'USER', name: 'Lena Learner' })
  learner = { token: l.token, id: l.user.id, name: 'Lena Learner' }
  const o = await ctx.createUser({ role: 'USER', name: 'Otto Other' })
  other = { token: o.token, id: o.user.id, name: 'Otto Other' }
  tree = await insertTree(ctx.deps.db, { skills: 2, topics: 1, subTopics: 1, label: 'A' })
  otherTree = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'B' })
  await assign(learner.id, [tree.packageId])
  await assign(other.id, [tree.packageId])
})

async function assign(userId: number, packageIds: number[]) {
  const res = await ctx.request('PUT', `/api/user/${userId}/assign-packages`, { token: admin.token, body: { packageIds } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const post = (body: Partial<ReviewInput> | Record<string, unknown>, token = learner.token) =>
  ctx.request<Review>('POST', '/api/reviews', { token, body })
const review = (extra: Record<string, unknown> = {}) => ({
  targetType: 'PACKAGE',
  targetId: tree.packageId,
  presentationRating: 4,
  reviewText: 'Clear and useful',
  rating: 5,
  ...extra,
})

async function create(extra: Record<string, unknown> = {}, token = learner.token) {
  const res = await post(review(extra), token)
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  return res.body.data!
}

const reviewCount = async () => (await ctx.deps.db.select({ n: count() }).from(reviews))[0]!.n
const summary = (targetType: string, targetId: number, token = learner.token) =>
  ctx.request<ReviewSummary>('GET', `/api/reviews/summary?targetType=${targetType}&targetId=${targetId}`, { token })
const target = (targetType: string, targetId: number, token = learner.token) =>
  ctx.request<Review[]>('GET', `/api/reviews/target?targetType=${targetType}&targetId=${targetId}`, { token })

describe('POST /api/reviews', () => {
  it("is dated by the app's clock; updating it moves updatedAt to the clock's time", async () => {
    // A minute ahead, then two: the sessions stay valid, and neither time can come from the database's own clock.
    const postedAt = new Date(ctx.now.getTime() + 60_000)
    const editedAt = new Date(ctx.now.getTime() + 120_000)
    ctx.now = postedAt
    const created = await create()
    expect(created.createdAt).toBe(postedAt.toISOString())
    ctx.now = editedAt
    expect((await ctx.request('PUT', `/api/reviews/${created.id}`, { token: learner.token, body: { presentationRating: 3 } })).status).toBe(
      200,
    )
    const [row] = await ctx.deps.db.select({ createdAt: reviews.createdAt, updatedAt: reviews.updatedAt }).from(reviews)
    expect(row).toEqual({ createdAt: postedAt, updatedAt: editedAt })
  })

  it('creates a review (201 "Review created") with the author and the stored fields', async () => {
    const res = await post(review())
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, status: 201, message: 'Review created' })
    expect(res.body.data).toMatchObject({
      userId: learner.id,
      userName: learner.name,
      targetType: 'PACKAGE',
      targetId: tree.packageId,
      presentationRating: 4,
      rating: 5,
      reviewText: 'Clear and useful',
    })
    expect(new Date(res.body.data!.createdAt).toISOString()).toBe(res.body.data!.createdAt)
    const [row] = await ctx.deps.db.select().from(reviews)
    expect(row).toMatchObject({
      userId: learner.id,
      packageId: tree.packageId,
      skillId: null,
      presentationRating: 4,
      reviewText: 'Clear and useful',
    })
  })

  it('posting again for the same target updates the one review (200 "Review updated")', async () => {
    const first = await post(review())
    expect(first.status).toBe(201)
    const second = await post(review({ presentationRating: 2, reviewText: 'Changed my mind' }))
    expect(second.status).toBe(200)
    expect(second.body.message).toBe('Review updated')
    expect(second.body.data).toMatchObject({ id: first.body.data!.id, presentationRating: 2, reviewText: 'Changed my mind' })
    expect(await reviewCount()).toBe(1)
    const [row] = await ctx.deps.db.select().from(reviews)
    expect(row).toMatchObject({ id: first.body.data!.id, presentationRating: 2, reviewText: 'Changed my mind' })
  })

  it('two concurrent first posts still leave one review', async () => {
    const results = await Promise.all([post(review({ presentationRating: 3 })), post(review({ presentationRating: 5 }))])
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
    expect(await reviewCount()).toBe(1)
  })

  it('a package review and a skill review by the same learner are separate, and so are two learners', async () => {
    await create()
    await create({ targetType: 'SKILL', targetId: tree.skillIds[0] })
    await create({}, other.token)
    expect(await reviewCount()).toBe(3)
  })

  it('takes the target type in any case and stores it upper-cased', async () => {
    const res = await post(review({ targetType: 'package' }))
    expect(res.status).toBe(201)
    expect(res.body.data!.targetType).toBe('PACKAGE')
    const skill = await post(review({ targetType: 'Skill', targetId: tree.skillIds[1] }))
    expect(skill.status).toBe(201)
    expect(skill.body.data).toMatchObject({ targetType: 'SKILL', targetId: tree.skillIds[1] })
  })

  it.each([['VIDEO'], ['course'], [''], [7]])('target type %j is a 400 naming targetType', async (targetType) => {
    const res = await post(review({ targetType }))
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.errorDetails).toHaveProperty('targetType')
    expect(await reviewCount()).toBe(0)
  })

  it('a missing target type is a 400', async () => {
    const { targetType: _, ...body } = review()
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty('targetType')
  })

  it.each([[0], [6], ['x'], [-1], [3.5], [null]])('presentationRating %j is a 400', async (presentationRating) => {
    const res = await post(review({ presentationRating }))
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty('presentationRating')
    expect(await reviewCount()).toBe(0)
  })

  it('a missing presentationRating is a 400', async () => {
    const { presentationRating: _, ...body } = review()
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty('presentationRating')
  })

  it.each([[1], [5]])('presentationRating %i is accepted', async (presentationRating) => {
    const res = await post(review({ presentationRating }))
    expect(res.status).toBe(201)
    expect(res.body.data!.presentationRating).toBe(presentationRating)
  })

  it('rating defaults to 5 when not sent', async () => {
    const { rating: _, ...body } = review()
    const res = await post(body)
    expect(res.status).toBe(201)
    expect(res.body.data!.rating).toBe(5)
  })

  it('an unknown package or skill is a 404', async () => {
    const pkg = await post(review({ targetId: 99999 }))
    expect(pkg.status).toBe(404)
    expect(pkg.body.message).toBe('Package not found')
    const skill = await post(review({ targetType: 'SKILL', targetId: 99999 }))
    expect(skill.status).toBe(404)
    expect(skill.body.message).toBe('Skill not found')
    expect(await reviewCount()).toBe(0)
  })

  it('a learner the package is not assigned to gets 403, for the package and for its skills', async () => {
    const pkg = await post(review({ targetId: otherTree.packageId }))
    expect(pkg.status).toBe(403)
    const skill = await post(review({ targetType: 'SKILL', targetId: otherTree.skillIds[0] }))
    expect(skill.status).toBe(403)
    expect(await reviewCount()).toBe(0)
  })

  it('an assigned learner may review a skill of the package', async () => {
    const res = await post(review({ targetType: 'SKILL', targetId: tree.skillIds[0] }))
    expect(res.status).toBe(201)
    const [row] = await ctx.deps.db.select().from(reviews)
    expect(row).toMatchObject({ skillId: tree.skillIds[0], packageId: null })
  })

  it('an admin the package is not assigned to cannot review it (only assigned learners review)', async () => {
    const res = await post(review(), admin.token)
    expect(res.status).toBe(403)
    expect(await reviewCount()).toBe(0)
  })

  it('needs a session', async () => {
    const res = await ctx.request('POST', '/api/reviews', { body: review() })
    expect(res.status).toBe(401)
  })

  it('trims the review text and caps it at 2000 characters', async () => {
    const trimmed = await post(review({ reviewText: '   spaced out   ' }))
    expect(trimmed.body.data!.reviewText).toBe('spaced out')
    const long = await post(review({ reviewText: 'x'.repeat(2001) }))
    expect(long.status).toBe(400)
    expect(long.body.errorDetails).toHaveProperty('reviewText')
  })
})

describe('GET /api/reviews/summary', () => {
  it('with no reviews is {averageRating: 0, totalReviews: 0}', async () => {
    const res = await summary('PACKAGE', tree.packageId)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Review summary fetched')
    expect(res.body.data).toEqual({ averageRating: 0, totalReviews: 0 })
  })

  it('averages the presentationRating (not rating) to two decimals and counts the reviews', async () => {
    const third = await ctx.createUser({ role: 'USER' })
    await assign(third.user.id, [tree.packageId])
    await create({ presentationRating: 5, rating: 1 })
    await create({ presentationRating: 4, rating: 1 }, other.token)
    await create({ presentationRating: 4, rating: 1 }, third.token)
    // a review of a skill does not count for the package
    await create({ targetType: 'SKILL', targetId: tree.skillIds[0], presentationRating: 1 })
    const expected = Math.round(((5 + 4 + 4) / 3) * 100) / 100
    expect(expected).toBe(4.33)
    const res = await summary('PACKAGE', tree.packageId)
    expect(res.body.data).toEqual({ averageRating: 4.33, totalReviews: 3 })
    const skill = await summary('skill', tree.skillIds[0]!)
    expect(skill.body.data).toEqual({ averageRating: 1, totalReviews: 1 })
  })

  it('counts an updated review once, with its new rating', async () => {
    await create({ presentationRating: 1 })
    await create({ presentationRating: 2 }, other.token)
    await create({ presentationRating: 5 })
    const res = await summary('package', tree.packageId)
    expect(res.body.data).toEqual({ averageRating: 3.5, totalReviews: 2 })
  })

  it('an unknown target is a 404 and a bad target type a 400', async () => {
    expect((await summary('PACKAGE', 99999)).status).toBe(404)
    expect((await summary('SKILL', 99999)).status).toBe(404)
    expect((await summary('VIDEO', tree.packageId)).status).toBe(400)
    expect((await ctx.request('GET', `/api/reviews/summary?targetType=PACKAGE&targetId=abc`, { token: learner.token })).status).toBe(400)
    expect((await ctx.request('GET', `/api/reviews/summary?targetId=${tree.packageId}`, { token: learner.token })).status).toBe(400)
  })

  it('is readable by anyone signed in (the catalogue shows ratings of every package)', async () => {
    await create({ presentationRating: 3 })
    const outsider = await ctx.createUser({ role: 'USER' })
    const res = await summary('PACKAGE', tree.packageId, outsider.token)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ averageRating: 3, totalReviews: 1 })
  })
})

describe('GET /api/reviews/summaries', () => {
  it('answers every asked id in one call, zeros for those without reviews', async () => {
    await create({ presentationRating: 5 })
    await create({ presentationRating: 2 }, other.token)
    await create({ targetType: 'SKILL', targetId: tree.skillIds[0], presentationRating: 3 })
    const ids = [tree.packageId, otherTree.packageId, 99999]
    const res = await ctx.request<Record<string, ReviewSummary>>(
      'GET',
      `/api/reviews/summaries?targetType=package&${ids.map((id) => `targetIds=${id}`).join('&')}`,
      {
        token: learner.token,
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      [tree.packageId]: { averageRating: 3.5, totalReviews: 2 },
      [otherTree.packageId]: { averageRating: 0, totalReviews: 0 },
      99999: { averageRating: 0, totalReviews: 0 },
    })
    const skills = await ctx.request<Record<string, ReviewSummary>>(
      'GET',
      `/api/reviews/summaries?targetType=SKILL&targetIds=${tree.skillIds[0]}&targetIds=${tree.skillIds[1]}`,
      {
        token: learner.token,
      },
    )
    expect(skills.body.data).toEqual({
      [tree.skillIds[0]!]: { averageRating: 3, totalReviews: 1 },
      [tree.skillIds[1]!]: { averageRating: 0, totalReviews: 0 },
    })
  })

  it('no ids answers an empty object; a bad type or id is a 400', async () => {
    const empty = await ctx.request('GET', '/api/reviews/summaries?targetType=PACKAGE', { token: learner.token })
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual({})
    expect((await ctx.request('GET', '/api/reviews/summaries?targetType=VIDEO&targetIds=1', { token: learner.token })).status).toBe(400)
    expect((await ctx.request('GET', '/api/reviews/summaries?targetType=PACKAGE&targetIds=x', { token: learner.token })).status).toBe(400)
  })
})

describe('GET /api/reviews/target', () => {
  it('lists the reviews of the target newest first with userName and createdAt', async () => {
    const first = await create({ presentationRating: 2, reviewText: 'first' })
    const second = await create({ presentationRating: 5, reviewText: 'second' }, other.token)
    // Make the order unambiguous whatever the clock resolution: the first review is a day older.
    await ctx.deps.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(reviews.id, first.id))
    await create({ targetType: 'SKILL', targetId: tree.skillIds[0], reviewText: 'about a skill' })
    const res = await target('package', tree.packageId)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Reviews fetched')
    expect(res.body.data!.map((r) => r.id)).toEqual([second.id, first.id])
    expect(res.body.data![0]).toMatchObject({
      userName: other.name,
      reviewText: 'second',
      presentationRating: 5,
      targetType: 'PACKAGE',
      targetId: tree.packageId,
    })
    expect(res.body.data![1]).toMatchObject({ userName: learner.name, reviewText: 'first', presentationRating: 2 })
    for (const r of res.body.data!) expect(new Date(r.createdAt).toISOString()).toBe(r.createdAt)
    expect(Date.parse(res.body.data![0]!.createdAt)).toBeGreaterThan(Date.parse(res.body.data![1]!.createdAt))
  })

  it('reviews with the same timestamp come newest id first', async () => {
    const a = await create()
    const b = await create({}, other.token)
    const when = new Date('2025-01-05T15:30:00Z')
    await ctx.deps.db.update(reviews).set({ createdAt: when })
    const res = await target('PACKAGE', tree.packageId)
    expect(res.body.data!.map((r) => r.id)).toEqual([b.id, a.id])
  })

  it('is empty for a target without reviews; 404 for an unknown one; 400 for a bad type', async () => {
    const res = await target('SKILL', tree.skillIds[1]!)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect((await target('PACKAGE', 99999)).status).toBe(404)
    expect((await target('TOPIC', tree.packageId)).status).toBe(400)
  })
})

describe('PUT /api/reviews/{id}', () => {
  it('the owner edits the rating and text', async () => {
    const mine = await create({ presentationRating: 2, reviewText: 'meh' })
    const res = await ctx.request<Review>('PUT', `/api/reviews/${mine.id}`, {
      token: learner.token,
      body: { presentationRating: 5, reviewText: '  much better  ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Review updated')
    expect(res.body.data).toMatchObject({ id: mine.id, presentationRating: 5, reviewText: 'much better', userName: learner.name })
    const [row] = await ctx.deps.db.select().from(reviews).where(eq(reviews.id, mine.id))
    expect(row).toMatchObject({ presentationRating: 5, reviewText: 'much better' })
  })

  it('another learner and an admin get 403 and nothing changes', async () => {
    const mine = await create({ presentationRating: 2, reviewText: 'meh' })
    for (const token of [other.token, admin.token]) {
      const res = await ctx.request('PUT', `/api/reviews/${mine.id}`, { token, body: { presentationRating: 5, reviewText: 'hijacked' } })
      expect(res.status).toBe(403)
    }
    const [row] = await ctx.deps.db.select().from(reviews).where(eq(reviews.id, mine.id))
    expect(row).toMatchObject({ presentationRating: 2, reviewText: 'meh' })
  })

  it('a bad rating is a 400 and an unknown review a 404', async () => {
    const mine = await create()
    expect((await ctx.request('PUT', `/api/reviews/${mine.id}`, { token: learner.token, body: { presentationRating: 6 } })).status).toBe(
      400,
    )
    expect((await ctx.request('PUT', `/api/reviews/${mine.id}`, { token: learner.token, body: { presentationRating: 0 } })).status).toBe(
      400,
    )
    expect((await ctx.request('PUT', '/api/reviews/99999', { token: learner.token, body: { presentationRating: 3 } })).status).toBe(404)
  })
})

describe('DELETE /api/reviews/{id}', () => {
  it('the owner deletes their review', async () => {
    const mine = await create()
    const res = await ctx.request('DELETE', `/api/reviews/${mine.id}`, { token: learner.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Review deleted')
    expect(await reviewCount()).toBe(0)
  })

  it('an admin deletes any review (moderation)', async () => {
    const mine = await create()
    const res = await ctx.request('DELETE', `/api/reviews/${mine.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(await reviewCount()).toBe(0)
  })

  it('another learner gets 403 and the review stays', async () => {
    const mine = await create()
    const res = await ctx.request('DELETE', `/api/reviews/${mine.id}`, { token: other.token })
    expect(res.status).toBe(403)
    expect(await reviewCount()).toBe(1)
  })

  it('an unknown review is a 404', async () => {
    expect((await ctx.request('DELETE', '/api/reviews/99999', { token: admin.token })).status).toBe(404)
  })
})

describe('cascades', () => {
  it('deleting a package removes its reviews and its skills’ reviews, and nothing else', async () => {
    const third = await ctx.createUser({ role: 'USER' })
    const otherSkill = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'C' })
    await assign(third.user.id, [otherSkill.packageId])
    await create()
    await create({}, other.token)
    await create({ targetType: 'SKILL', targetId: tree.skillIds[0] })
    const kept = await create({ targetType: 'SKILL', targetId: otherSkill.skillIds[0] }, third.token)
    expect(await reviewCount()).toBe(4)
    const res = await ctx.request('DELETE', `/api/packages/${tree.packageId}`, { token: admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const rows = await ctx.deps.db.select({ id: reviews.id }).from(reviews)
    expect(rows).toEqual([{ id: kept.id }])
  })

  it('deleting a learner removes their reviews', async () => {
    await create()
    await create({}, other.token)
    await ctx.deps.db.delete(users).where(eq(users.id, other.id))
    expect(await reviewCount()).toBe(1)
  })
})
