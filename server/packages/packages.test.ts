import { eq } from 'drizzle-orm'
import type { Package } from '../../contract/content.ts'
import { packages, skills, subTopics, topics } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { countRows, insertTree, keysOf, snapshot } from '../test/content.ts'

const ctx = setupTestContext()
let admin: string
let learner: string
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  learner = (await ctx.createUser({ role: 'USER' })).token
})

const CREATE = '/api/packages/createPackage'
const LIST = '/api/packages/getAllPackage'

const skill = (n: number, extra: object = {}) => ({ title: `Skill ${n}`, description: `About skill ${n}`, price: '10.00', ...extra })
const validPackage = (extra: object = {}) => ({
  title: 'Full-Stack',
  description: 'Web apps end to end',
  price: '19.99',
  skills: [skill(1), skill(2)],
  ...extra,
})

async function create(body: object = validPackage()) {
  const res = await ctx.request<Package>('POST', CREATE, { body, token: admin })
  expect(res.status).toBe(201)
  return res.body.data!
}

const get = (id: number | string, token = admin) => ctx.request<Package>('GET', `/api/packages/${id}`, { token })

function expectValidation(res: { status: number; body: { success: boolean; errorDetails?: Record<string, string> } }, field: string) {
  expect(res.status).toBe(400)
  expect(res.body.success).toBe(false)
  expect(res.body.errorDetails, JSON.stringify(res.body)).toHaveProperty([field])
  expect(res.body.errorDetails![field]).toMatch(/\w/)
}

describe('POST /api/packages/createPackage', () => {
  it('creates the package and answers 201 with it and its skills, ids included', async () => {
    const res = await ctx.request<Package>('POST', CREATE, { body: validPackage(), token: admin })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, status: 201, message: 'Package created', path: CREATE })
    const pkg = res.body.data!
    expect(keysOf(pkg)).toEqual(['createdAt', 'description', 'id', 'price', 'skills', 'title'])
    expect(pkg).toMatchObject({ title: 'Full-Stack', description: 'Web apps end to end', price: '19.99' })
    expect(Number.isInteger(pkg.id)).toBe(true)
    expect(new Date(pkg.createdAt).toISOString()).toBe(pkg.createdAt)
    expect(pkg.skills).toHaveLength(2)
    for (const [i, s] of pkg.skills.entries()) {
      expect(keysOf(s)).toEqual(['createdAt', 'description', 'id', 'packageId', 'price', 'title', 'topics'])
      expect(s).toMatchObject({
        title: `Skill ${i + 1}`,
        description: `About skill ${i + 1}`,
        price: '10.00',
        packageId: pkg.id,
        topics: [],
      })
      expect(Number.isInteger(s.id)).toBe(true)
    }
    const rows = await ctx.deps.db.select().from(skills).where(eq(skills.packageId, pkg.id))
    expect(rows.map((r) => r.id).sort()).toEqual(pkg.skills.map((s) => s.id).sort())
  })

  it('trims titles and descriptions', async () => {
    const pkg = await create(validPackage({ title: '  Spaced  ', skills: [skill(1, { title: ' S ' })] }))
    expect(pkg.title).toBe('Spaced')
    expect(pkg.skills[0]!.title).toBe('S')
  })

  describe('prices are exact decimals', () => {
    it.each([
      [19.99, '19.99'],
      ['19.99', '19.99'],
      [0.1, '0.10'],
      ['0.1', '0.10'],
      ['5', '5.00'],
      [5, '5.00'],
      [0, '0.00'],
      ['0.07', '0.07'],
      [' 7.5 ', '7.50'],
      ['05', '5.00'],
      ['99999999.99', '99999999.99'],
    ])('%j is stored and answered as "%s"', async (price, expected) => {
      const pkg = await create(validPackage({ price, skills: [skill(1, { price })] }))
      expect(pkg.price).toBe(expected)
      expect(pkg.skills[0]!.price).toBe(expected)
      const [row] = await ctx.deps.db.select().from(packages).where(eq(packages.id, pkg.id))
      expect(row!.price).toBe(expected)
    })

    it('round-trips through create → get → update → get without float artefacts', async () => {
      const created = await create(validPackage({ price: 19.99, skills: [skill(1, { price: 0.1 }), skill(2, { price: 0.2 })] }))
      const fetched = (await get(created.id)).body.data!
      expect(fetched.price).toBe('19.99')
      expect(fetched.skills.map((s) => s.price)).toEqual(['0.10', '0.20'])
      // send back exactly what was read, as the edit form does
      const body = {
        title: fetched.title,
        description: fetched.description,
        price: fetched.price,
        skills: fetched.skills.map(({ id, title, description, price }) => ({ id, title, description, price })),
      }
      const updated = await ctx.request<Package>('PUT', `/api/packages/${created.id}`, { body, token: admin })
      expect(updated.status).toBe(200)
      expect(updated.body.data!.price).toBe('19.99')
      expect(updated.body.data!.skills.map((s) => s.price)).toEqual(['0.10', '0.20'])
      const again = (await get(created.id)).body.data!
      expect(again.price).toBe('19.99')
      expect([again.price, ...again.skills.map((s) => s.price)]).toEqual(['19.99', '0.10', '0.20'])
    })
  })

  describe('validation: 400 naming the field, nothing stored', () => {
    afterEach(async () => {
      expect((await countRows(ctx.deps.db)).packages).toBe(0)
    })

    it.each([
      ['blank title', { title: '   ' }, 'title'],
      ['missing title', { title: undefined }, 'title'],
      ['blank description', { description: '' }, 'description'],
      ['missing price', { price: undefined }, 'price'],
      ['negative price', { price: -1 }, 'price'],
      ['negative price text', { price: '-0.01' }, 'price'],
      ['non-numeric price', { price: 'abc' }, 'price'],
      ['price with 3 decimals', { price: '19.999' }, 'price'],
      ['numeric price with 3 decimals', { price: 19.999 }, 'price'],
      ['price too large', { price: '123456789' }, 'price'],
      ['price as boolean', { price: true }, 'price'],
      ['title as number', { title: 42 }, 'title'],
      ['no skill', { skills: [] }, 'skills'],
      ['missing skills', { skills: undefined }, 'skills'],
      ['skills not a list', { skills: 'Skill 1' }, 'skills'],
      ['skill without title', { skills: [skill(1), skill(2, { title: ' ' })] }, 'skills.1.title'],
      ['skill without description', { skills: [skill(1, { description: undefined })] }, 'skills.0.description'],
      ['skill without price', { skills: [skill(1, { price: undefined })] }, 'skills.0.price'],
      ['skill with negative price', { skills: [skill(1, { price: '-5' })] }, 'skills.0.price'],
      ['skill with bad price', { skills: [skill(1, { price: '1,50' })] }, 'skills.0.price'],
    ])('%s', async (_name, patch, field) => {
      const res = await ctx.request('POST', CREATE, { body: validPackage(patch), token: admin })
      expectValidation(res, field)
    })

    it('malformed JSON is a 400', async () => {
      const res = await ctx.request('POST', CREATE, {
        rawBody: '{"title": "x",',
        headers: { 'content-type': 'application/json' },
        token: admin,
      })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ success: false, status: 400 })
      expect(res.body.message).toMatch(/JSON/)
    })

    it('a JSON array body is a 400', async () => {
      const res = await ctx.request('POST', CREATE, { body: [validPackage()], token: admin })
      expect(res.status).toBe(400)
    })
  })
})

describe('GET /api/packages/:id', () => {
  it('answers the full tree: skills → topics → sub-topics (with empty media lists), all in id order', async () => {
    const tree = await insertTree(ctx.deps.db, { skills: 2, topics: 2, subTopics: 3 })
    const res = await get(tree.packageId)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Package found', path: `/api/packages/${tree.packageId}` })
    const pkg = res.body.data!
    expect(pkg.skills.map((s) => s.id)).toEqual(tree.skillIds)
    expect(pkg.skills.flatMap((s) => s.topics.map((t) => t.id))).toEqual(tree.topicIds)
    expect(pkg.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics.map((u) => u.id)))).toEqual(tree.subTopicIds)
    const topic = pkg.skills[1]!.topics[0]!
    expect(keysOf(topic)).toEqual(['createdAt', 'description', 'id', 'skillId', 'subTopics', 'title'])
    expect(topic).toMatchObject({ skillId: tree.skillIds[1], title: 'P topic 1.0' })
    const sub = topic.subTopics[2]!
    expect(keysOf(sub)).toEqual(['createdAt', 'description', 'id', 'scormPackages', 'studyMaterials', 'title', 'topicId', 'videos'])
    expect(sub).toMatchObject({ topicId: topic.id, title: 'P sub-topic 2.2', videos: [], studyMaterials: [], scormPackages: [] })
  })

  it('404 for an unknown package', async () => {
    const res = await get(999)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, status: 404, message: 'Package not found' })
  })

  it.each(['abc', '1.5', '0', '-3', '99999999999'])('400 for the path id %s', async (id) => {
    const res = await get(id)
    expectValidation(res, 'id')
  })

  it('is admin-only for now: a learner gets 403, no token 401', async () => {
    const { packageId } = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0 })
    expect((await get(packageId, learner)).status).toBe(403)
    expect((await ctx.request('GET', `/api/packages/${packageId}`)).status).toBe(401)
  })

  describe('loads the tree in a constant number of queries', () => {
    async function measure(shape: { skills: number; topics: number; subTopics: number }) {
      const tree = await insertTree(ctx.deps.db, shape)
      ctx.queries.count = 0
      const res = await get(tree.packageId)
      const queries = ctx.queries.count
      expect(res.status).toBe(200)
      const pkg = res.body.data!
      expect(pkg.skills).toHaveLength(shape.skills)
      expect(pkg.skills.flatMap((s) => s.topics)).toHaveLength(shape.skills * shape.topics)
      expect(pkg.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics))).toHaveLength(shape.skills * shape.topics * shape.subTopics)
      return queries
    }

    it('10 skills × 10 topics × 10 sub-topics (1,000 sub-topics) takes as many queries as 1 × 1 × 1: the user lookup, the revalidation stamp and one tree query', async () => {
      const big = await measure({ skills: 10, topics: 10, subTopics: 10 })
      await ctx.reset()
      admin = (await ctx.createUser({ role: 'admin' })).token
      const small = await measure({ skills: 1, topics: 1, subTopics: 1 })
      expect(big).toBe(3)
      expect(small).toBe(big)
    })
  })
})

describe('GET /api/packages/getAllPackage', () => {
  it('lists every package with its skills, newest first (by creation time, not id)', async () => {
    const a = await create(validPackage({ title: 'A' }))
    const b = await create(validPackage({ title: 'B', skills: [skill(9)] }))
    const c = await create(validPackage({ title: 'C' }))
    // make the first-created package the newest, so id order and time order disagree
    await ctx.deps.db
      .update(packages)
      .set({ createdAt: new Date('2030-01-01T00:00:00Z') })
      .where(eq(packages.id, a.id))
    await ctx.deps.db
      .update(packages)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(packages.id, c.id))
    await ctx.deps.db
      .update(packages)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(packages.id, b.id))

    const res = await ctx.request<Package[]>('GET', LIST, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Packages fetched' })
    expect(res.body.data!.map((p) => p.title)).toEqual(['A', 'B', 'C'])
    expect(res.body.data![1]!.skills.map((s) => ({ id: s.id, title: s.title, price: s.price }))).toEqual([
      { id: b.skills[0]!.id, title: 'Skill 9', price: '10.00' },
    ])
    expect(res.body.data![0]!.createdAt).toBe('2030-01-01T00:00:00.000Z')
  })

  it('answers an empty list when there is no package', async () => {
    const res = await ctx.request<Package[]>('GET', LIST, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
  })

  it('is open to any signed-in user, not to anonymous callers', async () => {
    await create()
    const res = await ctx.request<Package[]>('GET', LIST, { token: learner })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(1)
    expect((await ctx.request('GET', LIST)).status).toBe(401)
  })
})

describe('PUT /api/packages/:id', () => {
  const put = (id: number | string, body: unknown, token = admin) => ctx.request<Package>('PUT', `/api/packages/${id}`, { body, token })

  it('updates the package and reconciles skills by id: update with id, create without, delete the omitted with everything under it', async () => {
    const pkg = await create(validPackage({ skills: [skill(1), skill(2), skill(3)] }))
    const [s1, s2, s3] = pkg.skills.map((s) => s.id) as [number, number, number]
    // give the skills content: s2 (to be kept) and s3 (to be dropped)
    const [t2] = await ctx.deps.db.insert(topics).values({ skillId: s2, title: 'kept topic', description: 'd' }).returning()
    await ctx.deps.db.insert(subTopics).values({ topicId: t2!.id, title: 'kept sub', description: 'd' })
    const [t3] = await ctx.deps.db.insert(topics).values({ skillId: s3, title: 'dropped topic', description: 'd' }).returning()
    await ctx.deps.db.insert(subTopics).values([
      { topicId: t3!.id, title: 'dropped sub 1', description: 'd' },
      { topicId: t3!.id, title: 'dropped sub 2', description: 'd' },
    ])

    const res = await put(pkg.id, {
      title: 'Renamed',
      description: 'New description',
      price: '25.5',
      skills: [
        { id: s2, title: 'Skill 2 renamed', description: 'changed', price: 12 },
        { id: s1, title: 'Skill 1', description: 'About skill 1', price: '10.00' },
        { title: 'Brand new', description: 'added', price: '0.5' },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Package updated' })
    const data = res.body.data!
    expect(data).toMatchObject({ id: pkg.id, title: 'Renamed', description: 'New description', price: '25.50' })
    expect(data.skills.map((s) => s.id).slice(0, 2)).toEqual([s1, s2])
    expect(data.skills).toHaveLength(3)
    expect(data.skills[1]).toMatchObject({ id: s2, title: 'Skill 2 renamed', description: 'changed', price: '12.00' })
    expect(data.skills[1]!.topics.map((t) => [t.id, t.subTopics.map((u) => u.title)])).toEqual([[t2!.id, ['kept sub']]])
    const added = data.skills[2]!
    expect(added).toMatchObject({ title: 'Brand new', price: '0.50', packageId: pkg.id, topics: [] })
    expect([s1, s2, s3]).not.toContain(added.id)

    expect(await ctx.deps.db.select().from(skills).where(eq(skills.id, s3))).toEqual([])
    expect((await ctx.deps.db.select().from(topics)).map((t) => t.title)).toEqual(['kept topic'])
    expect((await ctx.deps.db.select().from(subTopics)).map((t) => t.title)).toEqual(['kept sub'])
    expect(await countRows(ctx.deps.db)).toEqual({ packages: 1, skills: 3, topics: 1, subTopics: 1 })
  })

  it('a skill id from another package is a 400 and nothing changes', async () => {
    const mine = await create(validPackage({ title: 'Mine' }))
    const other = await create(validPackage({ title: 'Other', skills: [skill(7)] }))
    await ctx.deps.db.insert(topics).values({ skillId: mine.skills[1]!.id, title: 'mine topic', description: 'd' })
    const before = await snapshot(ctx.deps.db)

    const res = await put(mine.id, {
      title: 'Hijack',
      description: 'x',
      price: 1,
      skills: [
        { id: mine.skills[0]!.id, title: 'changed', description: 'changed', price: 1 },
        { id: other.skills[0]!.id, title: 'stolen', description: 'stolen', price: 1 },
      ],
    })
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.errorDetails).toHaveProperty('skills')
    expect(res.body.message).toContain(String(other.skills[0]!.id))
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  it('an unknown skill id is a 400 and nothing changes', async () => {
    const pkg = await create()
    const before = await snapshot(ctx.deps.db)
    const res = await put(pkg.id, { ...validPackage(), skills: [{ id: 4242, ...skill(1) }] })
    expect(res.status).toBe(400)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  it('404 for an unknown package, and nothing is created', async () => {
    const res = await put(999, validPackage())
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Package not found')
    expect(await countRows(ctx.deps.db)).toEqual({ packages: 0, skills: 0, topics: 0, subTopics: 0 })
  })

  it.each([
    ['blank title', { title: '' }, 'title'],
    ['negative price', { price: '-1' }, 'price'],
    ['no skill', { skills: [] }, 'skills'],
    ['skill id not a number', { skills: [{ id: 'abc', ...skill(1) }] }, 'skills.0.id'],
  ])('validation: %s → 400, nothing changes', async (_name, patch, field) => {
    const pkg = await create()
    const before = await snapshot(ctx.deps.db)
    expectValidation(await put(pkg.id, validPackage(patch)), field)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  it('400 for a non-numeric path id', async () => {
    expectValidation(await put('abc', validPackage()), 'id')
  })
})

describe('DELETE /api/packages/:id', () => {
  it('deletes the package and everything under it, leaving other packages alone', async () => {
    const doomed = await insertTree(ctx.deps.db, { skills: 3, topics: 2, subTopics: 2, label: 'doomed' })
    const kept = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'kept' })
    expect(await countRows(ctx.deps.db)).toEqual({ packages: 2, skills: 4, topics: 7, subTopics: 13 })

    const res = await ctx.request('DELETE', `/api/packages/${doomed.packageId}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Package deleted' })
    expect(await countRows(ctx.deps.db)).toEqual({ packages: 1, skills: 1, topics: 1, subTopics: 1 })
    const after = await snapshot(ctx.deps.db)
    expect(after.skills.map((s) => s.id)).toEqual(kept.skillIds)
    expect(after.subTopics.map((s) => s.id)).toEqual(kept.subTopicIds)
    expect((await get(doomed.packageId)).status).toBe(404)
  })

  it('404 for an unknown package', async () => {
    const res = await ctx.request('DELETE', '/api/packages/999', { token: admin })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Package not found')
  })

  it('400 for a non-numeric path id', async () => {
    expectValidation(await ctx.request('DELETE', '/api/packages/abc', { token: admin }), 'id')
  })
})

describe('permissions', () => {
  const writes: [string, (id: number) => string, unknown][] = [
    ['POST', () => CREATE, validPackage()],
    ['PUT', (id) => `/api/packages/${id}`, validPackage()],
    ['DELETE', (id) => `/api/packages/${id}`, undefined],
  ]

  it.each(writes)('%s %s: a learner gets 403 and nothing changes; no token gets 401', async (method, path, body) => {
    const pkg = await create()
    const before = await snapshot(ctx.deps.db)
    const forbidden = await ctx.request(method, path(pkg.id), { body, token: learner })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toMatchObject({ success: false, status: 403 })
    const anonymous = await ctx.request(method, path(pkg.id), { body })
    expect(anonymous.status).toBe(401)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  it('a learner is refused before the body is even validated', async () => {
    const res = await ctx.request('POST', CREATE, { body: {}, token: learner })
    expect(res.status).toBe(403)
  })
})
