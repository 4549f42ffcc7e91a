import { eq } from 'drizzle-orm'
import type { Page } from '../../contract/envelope.ts'
import { subTopics } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { countRows, insertTree, keysOf, PAGE_KEYS, snapshot, type BuiltTree } from '../test/content.ts'
import type { SubTopicWithTopic } from './service.ts'

const ctx = setupTestContext()
let admin: string
let learner: string
let built: BuiltTree
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  learner = (await ctx.createUser({ role: 'USER' })).token
  built = await insertTree(ctx.deps.db, { skills: 1, topics: 2, subTopics: 2 })
})

type Res = { status: number; body: { success: boolean; message?: string; errorDetails?: Record<string, string> } }
function expectValidation(res: Res, field: string) {
  expect(res.status).toBe(400)
  expect(res.body.success).toBe(false)
  expect(res.body.errorDetails, JSON.stringify(res.body)).toHaveProperty([field])
}

const SUB_KEYS = [
  'createdAt',
  'description',
  'id',
  'packageId',
  'scormPackages',
  'studyMaterials',
  'title',
  'topicDescription',
  'topicId',
  'topicTitle',
  'videos',
]

describe('POST /api/subTopic/addTopic', () => {
  it('creates a sub-topic under the topic and answers 201 with it', async () => {
    const res = await ctx.request<SubTopicWithTopic>('POST', '/api/subTopic/addTopic', {
      token: admin,
      body: { topicId: built.topicIds[1], title: ' Closures ', description: 'Functions that remember' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, status: 201, message: 'SubTopic created successfully' })
    const sub = res.body.data!
    expect(keysOf(sub)).toEqual(SUB_KEYS)
    expect(sub).toMatchObject({
      topicId: built.topicIds[1],
      title: 'Closures',
      description: 'Functions that remember',
      topicTitle: 'P topic 0.1',
      topicDescription: 'P topic 0.1 description',
      videos: [],
      studyMaterials: [],
    })
    const [row] = await ctx.deps.db.select().from(subTopics).where(eq(subTopics.id, sub.id))
    expect(row).toMatchObject({ topicId: built.topicIds[1], title: 'Closures' })
  })

  it('404 for an unknown topic, nothing stored', async () => {
    const res = await ctx.request('POST', '/api/subTopic/addTopic', { token: admin, body: { topicId: 999, title: 'T', description: 'D' } })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Topic not found')
    expect((await countRows(ctx.deps.db)).subTopics).toBe(4)
  })

  it.each([
    ['blank title', { title: '  ' }, 'title'],
    ['missing description', { description: undefined }, 'description'],
    ['description as a list', { description: ['x'] }, 'description'],
    ['missing topicId', { topicId: undefined }, 'topicId'],
    ['non-numeric topicId', { topicId: 'abc' }, 'topicId'],
    ['negative topicId', { topicId: -1 }, 'topicId'],
  ])('validation: %s → 400', async (_name, patch, field) => {
    const res = await ctx.request('POST', '/api/subTopic/addTopic', {
      token: admin,
      body: { topicId: built.topicIds[0], title: 'T', description: 'D', ...patch },
    })
    expectValidation(res, field)
    expect((await countRows(ctx.deps.db)).subTopics).toBe(4)
  })

  it('malformed JSON is a 400', async () => {
    const res = await ctx.request('POST', '/api/subTopic/addTopic', {
      token: admin,
      rawBody: '{"title":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/JSON/)
  })
})

describe('reads', () => {
  it('GET /api/subTopic/:id answers the sub-topic with its topic; 404 unknown; 400 bad id', async () => {
    const res = await ctx.request<SubTopicWithTopic>('GET', `/api/subTopic/${built.subTopicIds[3]}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('SubTopic fetched successfully')
    expect(keysOf(res.body.data)).toEqual(SUB_KEYS)
    expect(res.body.data).toMatchObject({
      id: built.subTopicIds[3],
      topicId: built.topicIds[1],
      title: 'P sub-topic 1.1',
      topicTitle: 'P topic 0.1',
    })

    const missing = await ctx.request('GET', '/api/subTopic/999', { token: admin })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('SubTopic not found')
    expectValidation(await ctx.request('GET', '/api/subTopic/abc', { token: admin }), 'id')
  })

  it('GET /api/subTopic lists every sub-topic in id order', async () => {
    const res = await ctx.request<SubTopicWithTopic[]>('GET', '/api/subTopic', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('All subtopics fetched')
    expect(res.body.data!.map((s) => s.id)).toEqual(built.subTopicIds)
  })

  describe('GET /api/subTopic/getByIds', () => {
    const byIds = (query: string) => ctx.request<SubTopicWithTopic[]>('GET', `/api/subTopic/getByIds?${query}`, { token: admin })

    it('takes the repeated parameter and keeps the order asked', async () => {
      const [a, b, c] = built.subTopicIds as [number, number, number]
      const res = await byIds(`subTopicIds=${c}&subTopicIds=${a}&subTopicIds=${b}`)
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('SubTopics fetched successfully')
      expect(res.body.data!.map((s) => s.id)).toEqual([c, a, b])
      expect(keysOf(res.body.data![0])).toEqual(SUB_KEYS)
    })

    it("names each sub-topic's package without another query (the user, the access check, the sub-topics)", async () => {
      const other = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'Q' })
      const [a] = built.subTopicIds as [number]
      const [b] = other.subTopicIds as [number]
      ctx.queries.count = 0
      const res = await byIds(`subTopicIds=${b}&subTopicIds=${a}`)
      expect(res.body.data!.map((s) => [s.id, s.packageId])).toEqual([
        [b, other.packageId],
        [a, built.packageId],
      ])
      expect(ctx.queries.count).toBeLessThanOrEqual(3)
    })

    it('leaves unknown ids out and answers each id once', async () => {
      const [a, b] = built.subTopicIds as [number, number]
      const res = await byIds(`subTopicIds=${b}&subTopicIds=999&subTopicIds=${a}&subTopicIds=${b}`)
      expect(res.status).toBe(200)
      expect(res.body.data!.map((s) => s.id)).toEqual([b, a])
      expect((await byIds('subTopicIds=999')).body.data).toEqual([])
    })

    it('a single id works', async () => {
      const res = await byIds(`subTopicIds=${built.subTopicIds[2]}`)
      expect(res.body.data!.map((s) => s.id)).toEqual([built.subTopicIds[2]])
    })

    it.each([
      ['subTopicIds=abc', 'subTopicIds.0'],
      [`subTopicIds=1&subTopicIds=x`, 'subTopicIds.1'],
      ['subTopicIds=0', 'subTopicIds.0'],
      ['subTopicIds=99999999999', 'subTopicIds.0'],
      ['', 'subTopicIds'],
    ])('%j → 400 naming %s', async (query, field) => {
      expectValidation(await byIds(query), field)
    })
  })
})

describe('paging and filtering', () => {
  async function addSubTopics(titles: string[]) {
    await ctx.reset()
    admin = (await ctx.createUser({ role: 'admin' })).token
    const { topicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 0 })
    const rows = await ctx.deps.db
      .insert(subTopics)
      .values(titles.map((title) => ({ topicId: topicIds[0]!, title, description: 'd' })))
      .returning()
    return rows.map((r) => r.id)
  }

  it('GET /api/subTopic/page defaults to page 0, size 20, in the page shape', async () => {
    const ids = await addSubTopics(Array.from({ length: 21 }, (_, i) => `Sub ${i}`))
    const res = await ctx.request<Page<SubTopicWithTopic>>('GET', '/api/subTopic/page', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Paginated subtopics fetched')
    const page = res.body.data!
    expect(keysOf(page)).toEqual(PAGE_KEYS)
    expect({ ...page, content: page.content.map((s) => s.id) }).toEqual({
      content: ids.slice(0, 20),
      totalPages: 2,
      totalElements: 21,
      number: 0,
      size: 20,
      first: true,
      last: false,
      empty: false,
    })
    const last = (await ctx.request<Page<SubTopicWithTopic>>('GET', '/api/subTopic/page?page=1', { token: admin })).body.data!
    expect({ ...last, content: last.content.map((s) => s.id) }).toEqual({
      content: [ids[20]],
      totalPages: 2,
      totalElements: 21,
      number: 1,
      size: 20,
      first: false,
      last: true,
      empty: false,
    })
  })

  it.each([
    ['page=-1', 'page'],
    ['size=0', 'size'],
    ['page=x', 'page'],
  ])('?%s → 400 naming %s', async (query, field) => {
    expectValidation(await ctx.request('GET', `/api/subTopic/page?${query}`, { token: admin }), field)
    expectValidation(await ctx.request('GET', `/api/subTopic/filtered?${query}`, { token: admin }), field)
  })

  it('GET /api/subTopic/filtered is a case-insensitive contains that takes % and _ literally', async () => {
    await addSubTopics(['Closures', 'closure traps', 'ENCLOSURE', 'Loops', '50% off', '500 off', 'a_b', 'axb'])
    const filtered = (q: string, extra = '') =>
      ctx.request<Page<SubTopicWithTopic>>('GET', `/api/subTopic/filtered?title=${encodeURIComponent(q)}${extra}`, { token: admin })
    const res = await filtered('CLOSURE')
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Filtered subtopics fetched')
    expect(keysOf(res.body.data)).toEqual(PAGE_KEYS)
    expect(res.body.data!.content.map((s) => s.title)).toEqual(['Closures', 'closure traps', 'ENCLOSURE'])
    expect((await filtered('%')).body.data!.content.map((s) => s.title)).toEqual(['50% off'])
    expect((await filtered('_')).body.data!.content.map((s) => s.title)).toEqual(['a_b'])
    const paged = (await filtered('closure', '&page=1&size=2')).body.data!
    expect({ ...paged, content: paged.content.map((s) => s.title) }).toEqual({
      content: ['ENCLOSURE'],
      totalPages: 2,
      totalElements: 3,
      number: 1,
      size: 2,
      first: false,
      last: true,
      empty: false,
    })
  })
})

describe('PUT /api/subTopic/:id', () => {
  it('updates title and description', async () => {
    const res = await ctx.request<SubTopicWithTopic>('PUT', `/api/subTopic/${built.subTopicIds[0]}`, {
      token: admin,
      body: { title: 'New', description: 'Changed' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Sub Topic updated successfully')
    expect(res.body.data).toMatchObject({ id: built.subTopicIds[0], title: 'New', description: 'Changed', topicId: built.topicIds[0] })
  })

  it('moves the sub-topic to another topic when topicId is given', async () => {
    const res = await ctx.request<SubTopicWithTopic>('PUT', `/api/subTopic/${built.subTopicIds[0]}`, {
      token: admin,
      body: { topicId: built.topicIds[1] },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ topicId: built.topicIds[1], topicTitle: 'P topic 0.1', title: 'P sub-topic 0.0' })
  })

  it('404 for an unknown sub-topic or topic; nothing changes', async () => {
    const before = await snapshot(ctx.deps.db)
    const sub = await ctx.request('PUT', '/api/subTopic/999', { token: admin, body: { title: 'T' } })
    expect(sub.status).toBe(404)
    expect(sub.body.message).toBe('SubTopic not found')
    const topic = await ctx.request('PUT', `/api/subTopic/${built.subTopicIds[0]}`, { token: admin, body: { title: 'T', topicId: 999 } })
    expect(topic.status).toBe(404)
    expect(topic.body.message).toBe('Topic not found')
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  it.each([
    ['blank title', { title: '' }, 'title'],
    ['blank description', { description: ' ' }, 'description'],
    ['bad topicId', { topicId: 'x' }, 'topicId'],
  ])('validation: %s → 400, nothing changes', async (_name, body, field) => {
    const before = await snapshot(ctx.deps.db)
    expectValidation(await ctx.request('PUT', `/api/subTopic/${built.subTopicIds[0]}`, { token: admin, body }), field)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  it('400 for a non-numeric path id', async () => {
    expectValidation(await ctx.request('PUT', '/api/subTopic/abc', { token: admin, body: { title: 'T' } }), 'id')
  })
})

describe('DELETE /api/subTopic/:id', () => {
  it('deletes only that sub-topic', async () => {
    const res = await ctx.request('DELETE', `/api/subTopic/${built.subTopicIds[1]}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Sub Topic deleted successfully' })
    expect((await snapshot(ctx.deps.db)).subTopics.map((s) => s.id)).toEqual([
      built.subTopicIds[0],
      built.subTopicIds[2],
      built.subTopicIds[3],
    ])
    expect(await countRows(ctx.deps.db)).toEqual({ packages: 1, skills: 1, topics: 2, subTopics: 3 })
  })

  it('404 for an unknown sub-topic, 400 for a bad id', async () => {
    const res = await ctx.request('DELETE', '/api/subTopic/999', { token: admin })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('SubTopic not found')
    expectValidation(await ctx.request('DELETE', '/api/subTopic/1.5', { token: admin }), 'id')
  })
})

describe('permissions', () => {
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/subTopic/addTopic', { topicId: 1, title: 'T', description: 'D' }],
    ['PUT', '/api/subTopic/1', { title: 'T' }],
    ['DELETE', '/api/subTopic/1'],
    ['GET', '/api/subTopic'],
    ['GET', '/api/subTopic/1'],
    ['GET', '/api/subTopic/page'],
    ['GET', '/api/subTopic/filtered?title=x'],
    ['GET', '/api/subTopic/getByIds?subTopicIds=1'],
  ]

  it.each(calls)('%s %s: learner 403, no token 401, nothing changes', async (method, path, body) => {
    const before = await snapshot(ctx.deps.db)
    const forbidden = await ctx.request(method, path, { token: learner, body })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toMatchObject({ success: false, status: 403 })
    expect((await ctx.request(method, path, { body })).status).toBe(401)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })
})
