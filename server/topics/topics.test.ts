import { eq } from 'drizzle-orm'
import type { Page } from '../../contract/envelope.ts'
import type { SkillWithTopics, TopicWithSkill } from '../../contract/content.ts'
import { createApp } from '../app.ts'
import { subTopics, topics } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { countRows, failOnNth, insertTree, keysOf, PAGE_KEYS, snapshot, type BuiltTree } from '../test/content.ts'

const ctx = setupTestContext()
let admin: string
let learner: string
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  learner = (await ctx.createUser({ role: 'USER' })).token
})

type Res = { status: number; body: { success: boolean; message?: string; errorDetails?: Record<string, string> } }
function expectValidation(res: Res, field: string) {
  expect(res.status).toBe(400)
  expect(res.body.success).toBe(false)
  expect(res.body.errorDetails, JSON.stringify(res.body)).toHaveProperty([field])
}

const tree = (shape: { skills: number; topics: number; subTopics: number; label?: string }) => insertTree(ctx.deps.db, shape)

describe('POST /api/topic/addTopic', () => {
  it('creates a topic with its nested sub-topics and answers 201 with them', async () => {
    const { skillIds } = await tree({ skills: 1, topics: 0, subTopics: 0 })
    const res = await ctx.request<TopicWithSkill>('POST', '/api/topic/addTopic', {
      token: admin,
      body: {
        skillId: skillIds[0],
        title: ' Hooks ',
        description: 'State and effects',
        subTopics: [
          { title: 'useState', description: 'Local state' },
          { title: 'useEffect', description: 'Side effects' },
        ],
      },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, status: 201, message: 'Topic created successfully' })
    const topic = res.body.data!
    expect(keysOf(topic)).toEqual(['createdAt', 'description', 'id', 'skillId', 'skillTitle', 'subTopics', 'title'])
    expect(topic).toMatchObject({ skillId: skillIds[0], skillTitle: 'P skill 0', title: 'Hooks', description: 'State and effects' })
    expect(topic.subTopics.map((s) => [s.title, s.topicId, s.videos, s.studyMaterials])).toEqual([
      ['useState', topic.id, [], []],
      ['useEffect', topic.id, [], []],
    ])
    expect(await countRows(ctx.deps.db)).toMatchObject({ topics: 1, subTopics: 2 })
  })

  it('sub-topics may be left out', async () => {
    const { skillIds } = await tree({ skills: 1, topics: 0, subTopics: 0 })
    const res = await ctx.request<TopicWithSkill>('POST', '/api/topic/addTopic', {
      token: admin,
      body: { skillId: skillIds[0], title: 'T', description: 'D' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data!.subTopics).toEqual([])
  })

  it('404 for an unknown skill, and nothing is stored', async () => {
    const res = await ctx.request('POST', '/api/topic/addTopic', {
      token: admin,
      body: { skillId: 999, title: 'T', description: 'D', subTopics: [{ title: 's', description: 'd' }] },
    })
    expect(res.status).toBe(404)
    expect(res.body.message).toMatch(/Skill not found/)
    expect(await countRows(ctx.deps.db)).toMatchObject({ topics: 0, subTopics: 0 })
  })

  it.each([
    ['blank title', { title: ' ' }, 'title'],
    ['missing description', { description: undefined }, 'description'],
    ['missing skillId', { skillId: undefined }, 'skillId'],
    ['non-numeric skillId', { skillId: 'abc' }, 'skillId'],
    ['sub-topics not a list', { subTopics: 'x' }, 'subTopics'],
    [
      'blank sub-topic title',
      {
        subTopics: [
          { title: 'ok', description: 'ok' },
          { title: '', description: 'd' },
        ],
      },
      'subTopics.1.title',
    ],
    ['title with a NUL character', { title: 'a\u0000b' }, 'title'],
  ])('validation: %s → 400, nothing stored', async (_name, patch, field) => {
    const { skillIds } = await tree({ skills: 1, topics: 0, subTopics: 0 })
    const res = await ctx.request('POST', '/api/topic/addTopic', {
      token: admin,
      body: { skillId: skillIds[0], title: 'T', description: 'D', subTopics: [], ...patch },
    })
    expectValidation(res, field)
    expect(await countRows(ctx.deps.db)).toMatchObject({ topics: 0, subTopics: 0 })
  })

  it('malformed JSON is a 400', async () => {
    const res = await ctx.request('POST', '/api/topic/addTopic', {
      token: admin,
      rawBody: '{skillId: 1}',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/JSON/)
  })
})

describe('reads', () => {
  let built: BuiltTree
  beforeEach(async () => {
    built = await tree({ skills: 2, topics: 2, subTopics: 2 })
  })

  it('GET /api/topic/:id answers the topic with its skill title and sub-topics', async () => {
    const res = await ctx.request<TopicWithSkill>('GET', `/api/topic/${built.topicIds[2]}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Topic found')
    expect(res.body.data).toMatchObject({
      id: built.topicIds[2],
      skillId: built.skillIds[1],
      skillTitle: 'P skill 1',
      title: 'P topic 1.0',
    })
    expect(res.body.data!.subTopics.map((s) => s.id)).toEqual(built.subTopicIds.slice(4, 6))
  })

  it('GET /api/topic/:id: 404 for an unknown topic, 400 for a bad id', async () => {
    const missing = await ctx.request('GET', '/api/topic/999', { token: admin })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Topic not found')
    expectValidation(await ctx.request('GET', '/api/topic/abc', { token: admin }), 'id')
  })

  it('GET /api/topic lists every topic in id order', async () => {
    const res = await ctx.request<TopicWithSkill[]>('GET', '/api/topic', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('All topics fetched')
    expect(res.body.data!.map((t) => t.id)).toEqual(built.topicIds)
    expect(res.body.data![0]!.subTopics).toHaveLength(2)
  })

  it('GET /api/topic/getTopicWithDetails?topicId answers the topic with its sub-topics', async () => {
    const res = await ctx.request<TopicWithSkill>('GET', `/api/topic/getTopicWithDetails?topicId=${built.topicIds[1]}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Topic with SubTopics, Videos, and StudyMaterials')
    expect(res.body.data!.subTopics.map((s) => s.id)).toEqual(built.subTopicIds.slice(2, 4))
    expect(res.body.data!.subTopics[0]).toMatchObject({ videos: [], studyMaterials: [] })
    expect((await ctx.request('GET', '/api/topic/getTopicWithDetails?topicId=999', { token: admin })).status).toBe(404)
    expectValidation(await ctx.request('GET', '/api/topic/getTopicWithDetails', { token: admin }), 'topicId')
    expectValidation(await ctx.request('GET', '/api/topic/getTopicWithDetails?topicId=x', { token: admin }), 'topicId')
  })

  it('GET /api/topic/by-skill/:skillId answers only that skill’s topics; 404 for an unknown skill', async () => {
    const res = await ctx.request<TopicWithSkill[]>('GET', `/api/topic/by-skill/${built.skillIds[1]}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Topics fetched successfully')
    expect(res.body.data!.map((t) => t.id)).toEqual(built.topicIds.slice(2))
    expect(res.body.data!.every((t) => t.skillTitle === 'P skill 1')).toBe(true)

    const { skillIds } = await tree({ skills: 1, topics: 0, subTopics: 0, label: 'empty' })
    const empty = await ctx.request<TopicWithSkill[]>('GET', `/api/topic/by-skill/${skillIds[0]}`, { token: admin })
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual([])

    const missing = await ctx.request('GET', '/api/topic/by-skill/999', { token: admin })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toMatch(/Skill not found/)
    expectValidation(await ctx.request('GET', '/api/topic/by-skill/abc', { token: admin }), 'skillId')
  })
})

describe('paging and filtering', () => {
  async function addTopics(titles: string[]) {
    const { skillIds } = await tree({ skills: 1, topics: 0, subTopics: 0 })
    const rows = await ctx.deps.db
      .insert(topics)
      .values(titles.map((title) => ({ skillId: skillIds[0]!, title, description: 'd' })))
      .returning()
    return rows.map((r) => r.id)
  }

  it('GET /api/topic/page defaults to page 0, size 20, in the page shape', async () => {
    const ids = await addTopics(Array.from({ length: 25 }, (_, i) => `Topic ${i}`))
    const res = await ctx.request<Page<TopicWithSkill>>('GET', '/api/topic/page', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Paginated topics fetched')
    const page = res.body.data!
    expect(keysOf(page)).toEqual(PAGE_KEYS)
    expect({ ...page, content: page.content.map((t) => t.id) }).toEqual({
      content: ids.slice(0, 20),
      totalPages: 2,
      totalElements: 25,
      number: 0,
      size: 20,
      first: true,
      last: false,
      empty: false,
    })
  })

  it('GET /api/topic/page?page=1&size=20 is the last page; past the end is empty', async () => {
    const ids = await addTopics(Array.from({ length: 25 }, (_, i) => `Topic ${i}`))
    const second = (await ctx.request<Page<TopicWithSkill>>('GET', '/api/topic/page?page=1&size=20', { token: admin })).body.data!
    expect({ ...second, content: second.content.map((t) => t.id) }).toEqual({
      content: ids.slice(20),
      totalPages: 2,
      totalElements: 25,
      number: 1,
      size: 20,
      first: false,
      last: true,
      empty: false,
    })
    const beyond = (await ctx.request<Page<TopicWithSkill>>('GET', '/api/topic/page?page=5&size=10', { token: admin })).body.data!
    expect(beyond).toMatchObject({
      content: [],
      totalPages: 3,
      totalElements: 25,
      number: 5,
      size: 10,
      empty: true,
      first: false,
      last: true,
    })
  })

  it('an empty table is one empty first-and-last page', async () => {
    const page = (await ctx.request<Page<TopicWithSkill>>('GET', '/api/topic/page', { token: admin })).body.data!
    expect(page).toEqual({ content: [], totalPages: 0, totalElements: 0, number: 0, size: 20, first: true, last: true, empty: true })
  })

  it.each([
    ['page=-1', 'page'],
    ['size=0', 'size'],
    ['page=abc', 'page'],
    ['size=1.5', 'size'],
    ['size=101', 'size'],
  ])('GET /api/topic/page?%s → 400 naming %s', async (query, field) => {
    expectValidation(await ctx.request('GET', `/api/topic/page?${query}`, { token: admin }), field)
    expectValidation(await ctx.request('GET', `/api/topic/filtered?title=a&${query}`, { token: admin }), field)
  })

  it('GET /api/topic/filtered is a case-insensitive contains, paged', async () => {
    const ids = await addTopics(['React Hooks', 'Advanced REACT', 'Node streams', 'preact basics', 'Vue'])
    const res = await ctx.request<Page<TopicWithSkill>>('GET', '/api/topic/filtered?title=react&page=0&size=2', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Filtered topics fetched')
    const page = res.body.data!
    expect(keysOf(page)).toEqual(PAGE_KEYS)
    expect({ ...page, content: page.content.map((t) => t.title) }).toEqual({
      content: ['React Hooks', 'Advanced REACT'],
      totalPages: 2,
      totalElements: 3,
      number: 0,
      size: 2,
      first: true,
      last: false,
      empty: false,
    })
    const next = (await ctx.request<Page<TopicWithSkill>>('GET', '/api/topic/filtered?title=REACT&page=1&size=2', { token: admin })).body
      .data!
    expect(next.content.map((t) => t.id)).toEqual([ids[3]])
    const all = (await ctx.request<Page<TopicWithSkill>>('GET', '/api/topic/filtered', { token: admin })).body.data!
    expect(all).toMatchObject({ totalElements: 5, size: 20, number: 0 })
  })

  it('GET /api/topic/filtered takes % and _ literally', async () => {
    await addTopics(['100% done', '1000 done', 'snake_case', 'snakeXcase', 'back\\slash'])
    const titles = async (q: string) =>
      (
        await ctx.request<Page<TopicWithSkill>>('GET', `/api/topic/filtered?title=${encodeURIComponent(q)}`, { token: admin })
      ).body.data!.content.map((t) => t.title)
    expect(await titles('%')).toEqual(['100% done'])
    expect(await titles('0%')).toEqual(['100% done'])
    expect(await titles('_')).toEqual(['snake_case'])
    expect(await titles('E_C')).toEqual(['snake_case'])
    expect(await titles('\\')).toEqual(['back\\slash'])
    expect(await titles('nothing')).toEqual([])
  })
})

describe('PUT /api/topic/:id', () => {
  it('updates title and description, keeping the skill and sub-topics', async () => {
    const built = await tree({ skills: 1, topics: 1, subTopics: 2 })
    const res = await ctx.request<TopicWithSkill>('PUT', `/api/topic/${built.topicIds[0]}`, {
      token: admin,
      body: { title: 'New', description: 'Changed' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Topic updated successfully')
    expect(res.body.data).toMatchObject({ id: built.topicIds[0], title: 'New', description: 'Changed', skillId: built.skillIds[0] })
    expect(res.body.data!.subTopics.map((s) => s.id)).toEqual(built.subTopicIds)
  })

  it('moves the topic to another skill when skillId is given', async () => {
    const built = await tree({ skills: 2, topics: 1, subTopics: 1 })
    const res = await ctx.request<TopicWithSkill>('PUT', `/api/topic/${built.topicIds[0]}`, {
      token: admin,
      body: { title: 'T', description: 'D', skillId: built.skillIds[1] },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ skillId: built.skillIds[1], skillTitle: 'P skill 1' })
  })

  it('404 for an unknown topic or an unknown skill; nothing changes', async () => {
    const built = await tree({ skills: 1, topics: 1, subTopics: 1 })
    const before = await snapshot(ctx.deps.db)
    const topic = await ctx.request('PUT', '/api/topic/999', { token: admin, body: { title: 'T', description: 'D' } })
    expect(topic.status).toBe(404)
    expect(topic.body.message).toBe('Topic not found')
    const skill = await ctx.request('PUT', `/api/topic/${built.topicIds[0]}`, {
      token: admin,
      body: { title: 'T', description: 'D', skillId: 999 },
    })
    expect(skill.status).toBe(404)
    expect(skill.body.message).toMatch(/Skill not found/)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  it.each([
    ['blank title', { title: '' }, 'title'],
    ['title as number', { title: 5 }, 'title'],
    ['bad skillId', { skillId: 'x' }, 'skillId'],
  ])('validation: %s → 400', async (_name, body, field) => {
    const built = await tree({ skills: 1, topics: 1, subTopics: 0 })
    expectValidation(await ctx.request('PUT', `/api/topic/${built.topicIds[0]}`, { token: admin, body }), field)
  })
})

describe('DELETE /api/topic/:id', () => {
  it('deletes the topic and its sub-topics, and nothing else', async () => {
    const built = await tree({ skills: 1, topics: 2, subTopics: 3 })
    const res = await ctx.request('DELETE', `/api/topic/${built.topicIds[0]}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Topic deleted successfully' })
    const after = await snapshot(ctx.deps.db)
    expect(after.topics.map((t) => t.id)).toEqual([built.topicIds[1]])
    expect(after.subTopics.map((s) => s.id)).toEqual(built.subTopicIds.slice(3))
    expect(after.skills).toHaveLength(1)
  })

  it('404 for an unknown topic, 400 for a bad id', async () => {
    const res = await ctx.request('DELETE', '/api/topic/999', { token: admin })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Topic not found')
    expectValidation(await ctx.request('DELETE', '/api/topic/abc', { token: admin }), 'id')
  })
})

describe("PUT /api/topic/by-skill/:skillId ('Save All')", () => {
  const save = (skillId: number | string, body: unknown, token = admin) =>
    ctx.request<SkillWithTopics>('PUT', `/api/topic/by-skill/${skillId}`, { token, body })

  it('concurrent saves of one skill, listing its topics in opposite orders, all succeed (no deadlock)', async () => {
    const built = await tree({ skills: 1, topics: 6, subTopics: 2 })
    const current = await snapshot(ctx.deps.db)
    const topicsInput = (round: number) =>
      current.topics.map((t) => ({
        id: t.id,
        title: `Topic ${t.id}, save ${round}`,
        description: 'd',
        subTopics: current.subTopics
          .filter((sub) => sub.topicId === t.id)
          .map((sub) => ({ id: sub.id, title: `Sub ${sub.id}, save ${round}`, description: 'd' })),
      }))
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, round) => {
        const ordered = topicsInput(round)
        return save(built.skillIds[0]!, { topics: round % 2 ? ordered.reverse() : ordered, deletedTopicIds: [], deletedSubTopicIds: [] })
      }),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200))
  })

  it('creates new topics with nested sub-topics, updates those with ids, creates the rest and applies deletions', async () => {
    const built = await tree({ skills: 2, topics: 3, subTopics: 2 })
    const [t0, t1, t2] = built.topicIds as [number, number, number]
    const [s00, s01, s10, s11] = built.subTopicIds as [number, number, number, number]
    const otherSkillBefore = (await snapshot(ctx.deps.db)).topics.filter((t) => t.skillId === built.skillIds[1])

    const res = await save(built.skillIds[0]!, {
      topics: [
        {
          id: t0,
          title: 'Topic zero, renamed',
          description: 'new d',
          subTopics: [
            { id: s00, title: 'sub 0.0 renamed', description: 'x' },
            { title: 'sub 0.new', description: 'fresh' },
          ],
        },
        {
          title: 'Brand new topic',
          description: 'nested',
          subTopics: [
            { title: 'nested A', description: 'a' },
            { title: 'nested B', description: 'b' },
          ],
        },
        { id: t1, title: 'P topic 0.1', description: 'P topic 0.1 description', subTopics: [] },
      ],
      deletedTopicIds: [t2],
      deletedSubTopicIds: [s01],
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'Topics & Subtopics saved' })
    const skill = res.body.data!
    expect(skill).toMatchObject({ id: built.skillIds[0], packageTitle: 'P package', title: 'P skill 0' })
    const shape = skill.topics.map((t) => ({ id: t.id, title: t.title, subTopics: t.subTopics.map((s) => [s.id, s.title, s.topicId]) }))
    const newTopic = skill.topics.find((t) => t.title === 'Brand new topic')!
    const newSub = skill.topics[0]!.subTopics.find((s) => s.title === 'sub 0.new')!
    expect(shape).toEqual([
      {
        id: t0,
        title: 'Topic zero, renamed',
        subTopics: [
          [s00, 'sub 0.0 renamed', t0],
          [newSub.id, 'sub 0.new', t0],
        ],
      },
      // t1 was sent without sub-topics: its existing sub-topics are untouched (only explicit deletions delete)
      {
        id: t1,
        title: 'P topic 0.1',
        subTopics: [
          [s10, 'P sub-topic 1.0', t1],
          [s11, 'P sub-topic 1.1', t1],
        ],
      },
      { id: newTopic.id, title: 'Brand new topic', subTopics: newTopic.subTopics.map((s) => [s.id, s.title, newTopic.id]) },
    ])
    expect(newTopic.subTopics.map((s) => s.title)).toEqual(['nested A', 'nested B'])
    expect(skill.topics[0]!.description).toBe('new d')

    const after = await snapshot(ctx.deps.db)
    expect(after.topics.find((t) => t.id === t2)).toBeUndefined()
    expect(after.subTopics.find((s) => s.id === s01)).toBeUndefined()
    expect(after.subTopics.filter((s) => s.topicId === t2)).toEqual([])
    // the other skill is untouched
    expect(after.topics.filter((t) => t.skillId === built.skillIds[1])).toEqual(otherSkillBefore)
    expect(await countRows(ctx.deps.db)).toEqual({ packages: 1, skills: 2, topics: 6, subTopics: 12 - 2 - 1 + 1 + 2 })
  })

  it('moves a sub-topic between topics of the same skill, even out of a topic deleted in the same save', async () => {
    const built = await tree({ skills: 1, topics: 2, subTopics: 2 })
    const [t0, t1] = built.topicIds as [number, number]
    const [s00, , s10, s11] = built.subTopicIds as [number, number, number, number]
    const res = await save(built.skillIds[0]!, {
      topics: [{ id: t1, title: 'T1', description: 'D', subTopics: [{ id: s00, title: 'moved from t0', description: 'd' }] }],
      deletedTopicIds: [t0],
    })
    expect(res.status).toBe(200)
    expect(res.body.data!.topics.map((t) => [t.id, t.subTopics.map((s) => s.id)])).toEqual([[t1, [s00, s10, s11]]])
    const [moved] = await ctx.deps.db.select().from(subTopics).where(eq(subTopics.id, s00))
    expect(moved).toMatchObject({ topicId: t1, title: 'moved from t0' })
    expect(await countRows(ctx.deps.db)).toMatchObject({ topics: 1, subTopics: 3 })
  })

  it('an empty save changes nothing and answers the skill', async () => {
    const built = await tree({ skills: 1, topics: 2, subTopics: 2 })
    const before = await snapshot(ctx.deps.db)
    const res = await save(built.skillIds[0]!, { topics: [] })
    expect(res.status).toBe(200)
    expect(res.body.data!.topics.map((t) => t.id)).toEqual(built.topicIds)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })

  describe('ids must belong to the skill: 400 and nothing changes', () => {
    let mine: BuiltTree
    let other: BuiltTree
    let before: Awaited<ReturnType<typeof snapshot>>
    beforeEach(async () => {
      mine = await tree({ skills: 1, topics: 2, subTopics: 2, label: 'mine' })
      other = await tree({ skills: 1, topics: 1, subTopics: 1, label: 'other' })
      before = await snapshot(ctx.deps.db)
    })
    afterEach(async () => {
      expect(await snapshot(ctx.deps.db)).toEqual(before)
    })

    // Each body first makes valid changes (a new topic, an update, a deletion), then refers to the other skill.
    const validStart = () => [
      { title: 'new topic', description: 'd', subTopics: [{ title: 'new sub', description: 'd' }] },
      {
        id: mine.topicIds[0],
        title: 'changed',
        description: 'changed',
        subTopics: [{ id: mine.subTopicIds[0], title: 'changed', description: 'changed' }],
      },
    ]

    it('the 2nd topic carries a sub-topic id of another skill', async () => {
      const [first, second] = validStart()
      const res = await save(mine.skillIds[0]!, {
        topics: [first, { ...second, subTopics: [...second!.subTopics, { id: other.subTopicIds[0], title: 'stolen', description: 'd' }] }],
        deletedSubTopicIds: [mine.subTopicIds[1]],
      })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('subTopics')
      expect(res.body.message).toContain(String(other.subTopicIds[0]))
    })

    it('a topic id of another skill', async () => {
      const res = await save(mine.skillIds[0]!, {
        topics: [...validStart(), { id: other.topicIds[0], title: 'stolen', description: 'd', subTopics: [] }],
      })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('topics')
    })

    it('a deleted topic id of another skill', async () => {
      const res = await save(mine.skillIds[0]!, { topics: validStart(), deletedTopicIds: [mine.topicIds[1], other.topicIds[0]] })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('topics')
    })

    it('a deleted sub-topic id of another skill', async () => {
      const res = await save(mine.skillIds[0]!, { topics: validStart(), deletedSubTopicIds: [mine.subTopicIds[3], other.subTopicIds[0]] })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('subTopics')
    })

    it('an unknown topic id', async () => {
      const res = await save(mine.skillIds[0]!, { topics: [...validStart(), { id: 4242, title: 't', description: 'd' }] })
      expect(res.status).toBe(400)
    })

    it('a topic both kept and deleted', async () => {
      const res = await save(mine.skillIds[0]!, {
        topics: [
          { id: mine.topicIds[1], title: 't', description: 'd', subTopics: [{ title: 'new under a deleted topic', description: 'd' }] },
        ],
        deletedTopicIds: [mine.topicIds[1]],
      })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('topics')
    })

    it('a sub-topic both kept and deleted', async () => {
      const res = await save(mine.skillIds[0]!, {
        topics: [
          { id: mine.topicIds[0], title: 't', description: 'd', subTopics: [{ id: mine.subTopicIds[0], title: 's', description: 'd' }] },
        ],
        deletedSubTopicIds: [mine.subTopicIds[0]],
      })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('subTopics')
    })

    it.each([
      ['blank 2nd topic title', () => ({ topics: [...validStart(), { title: ' ', description: 'd' }] }), 'topics.2.title'],
      [
        'blank nested sub-topic description',
        () => ({ topics: [{ title: 't', description: 'd', subTopics: [{ title: 's', description: '' }] }] }),
        'topics.0.subTopics.0.description',
      ],
      ['topics missing', () => ({ deletedTopicIds: [mine.topicIds[0]] }), 'topics'],
      ['deleted id not a number', () => ({ topics: validStart(), deletedTopicIds: ['x'] }), 'deletedTopicIds.0'],
      ['sub-topics not a list', () => ({ topics: [{ title: 't', description: 'd', subTopics: {} }] }), 'topics.0.subTopics'],
    ])('validation: %s', async (_name, body, field) => {
      expectValidation(await save(mine.skillIds[0]!, body()), field)
    })

    it('a learner is refused', async () => {
      const res = await save(mine.skillIds[0]!, { topics: validStart() }, learner)
      expect(res.status).toBe(403)
    })
  })

  it('404 for an unknown skill; 400 for a bad skill id', async () => {
    const res = await save(999, { topics: [{ title: 't', description: 'd', subTopics: [] }] })
    expect(res.status).toBe(404)
    expect(res.body.message).toMatch(/Skill not found/)
    expect(await countRows(ctx.deps.db)).toMatchObject({ topics: 0 })
    expectValidation(await save('abc', { topics: [] }), 'skillId')
  })

  describe('is atomic: a failure injected mid-way leaves the database exactly as before', () => {
    let built: BuiltTree
    const body = () => ({
      topics: [
        {
          id: built.topicIds[0],
          title: 'changed',
          description: 'changed',
          subTopics: [
            { id: built.subTopicIds[0], title: 'changed', description: 'c' },
            { title: 'new 1', description: 'n' },
          ],
        },
        {
          title: 'new topic',
          description: 'n',
          subTopics: [
            { title: 'new 2', description: 'n' },
            { title: 'new 3', description: 'n' },
          ],
        },
      ],
      deletedTopicIds: [built.topicIds[1]],
      deletedSubTopicIds: [built.subTopicIds[1]],
    })
    beforeEach(async () => {
      built = await tree({ skills: 1, topics: 2, subTopics: 2 })
    })

    it.each([
      // by then a topic and a sub-topic were updated, a topic and two sub-topics created
      ['the 3rd sub-topic insert (inside the 2nd topic)', 'insert', subTopics, 3],
      // the very last statement: every update, insert and the sub-topic deletion have run
      ['the topic deletion', 'delete', topics, 1],
    ] as const)('failing on %s', async (_name, method, table, nth) => {
      const before = await snapshot(ctx.deps.db)
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const app = createApp({ ...ctx.deps, db: failOnNth(ctx.deps.db, method, table, nth) })
      const res = await app.request(`/api/topic/by-skill/${built.skillIds[0]}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body()),
      })
      expect(res.status).toBe(500)
      expect(String(logged.mock.calls[0]?.[0])).toContain(`injected failure on ${method} #${nth}`)
      logged.mockRestore()
      expect(await snapshot(ctx.deps.db)).toEqual(before)

      // the same body through the real database succeeds, so the failure above was the injected one
      const ok = await save(built.skillIds[0]!, body())
      expect(ok.status).toBe(200)
      expect(await countRows(ctx.deps.db)).toMatchObject({ topics: 2, subTopics: 4 })
    })
  })
})

describe('permissions', () => {
  const calls: [string, string, unknown?][] = [
    ['POST', '/api/topic/addTopic', { skillId: 1, title: 'T', description: 'D', subTopics: [] }],
    ['PUT', '/api/topic/1', { title: 'T', description: 'D' }],
    ['DELETE', '/api/topic/1'],
    ['PUT', '/api/topic/by-skill/1', { topics: [{ title: 'T', description: 'D' }], deletedTopicIds: [1] }],
    ['GET', '/api/topic'],
    ['GET', '/api/topic/1'],
    ['GET', '/api/topic/page'],
    ['GET', '/api/topic/filtered?title=t'],
    ['GET', '/api/topic/getTopicWithDetails?topicId=1'],
    ['GET', '/api/topic/by-skill/1'],
  ]

  it.each(calls)('%s %s: learner 403, no token 401, nothing changes', async (method, path, body) => {
    await tree({ skills: 1, topics: 1, subTopics: 1 })
    const before = await snapshot(ctx.deps.db)
    const forbidden = await ctx.request(method, path, { token: learner, body })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toMatchObject({ success: false, status: 403 })
    expect((await ctx.request(method, path, { body })).status).toBe(401)
    expect(await snapshot(ctx.deps.db)).toEqual(before)
  })
})
