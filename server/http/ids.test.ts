import type { OpenApiDocument } from '../openapi/document.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { inputFields, namesField, sendField } from '../test/route-inputs.ts'

/**
 * Ids are read strictly: `/api/packages/0x2`, `+2`, `2e0`, `0b10` and `%202` once all opened
 * package 2. In a path, a query or a form an id is now `^[1-9][0-9]*$` within PostgreSQL's integer, anything
 * else a 400; a JSON body may also send a JSON number (the rule is `id` in contract/content.ts).
 */
const ctx = setupTestContext({}, { resetBeforeEach: false })
let document: OpenApiDocument
let adminToken: string

beforeAll(async () => {
  document = (await ctx.request('GET', '/api/openapi.json')).body as unknown as OpenApiDocument
  adminToken = (await ctx.createUser({ role: 'admin' })).token
  await ctx.createUser() // user 2
  await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'A' })
  const second = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'B' })
  expect(second).toEqual({ packageId: 2, skillIds: [2], topicIds: [2], subTopicIds: [2] })
})

/** Spellings of 2 (as they appear in a URL) that a lenient number parser reads as 2, and ids out of range. */
const NOT_IDS = ['0x2', '+2', '%2B2', '2e0', '0b10', '%202', '2%20', '02', '2.0', '-2', '0', '2147483648', '99999999999999999999']

/** Routes that read an id from the path or the query, with `{}` where the id goes; id 2 exists for each. */
const ROUTES = [
  '/api/packages/{}',
  '/api/skills/{}',
  '/api/topic/{}',
  '/api/subTopic/{}',
  '/api/user/getUserById?id={}',
  '/api/subTopic/getByIds?subTopicIds={}',
  '/api/topic/getTopicWithDetails?topicId={}',
]

describe('ids in paths and queries', () => {
  it.each(ROUTES)('%s opens id 2 only when it is written 2', async (route) => {
    expect((await ctx.request('GET', route.replace('{}', '2'), { token: adminToken })).status).toBe(200)
    const opened: string[] = []
    for (const spelling of NOT_IDS) {
      const res = await ctx.request('GET', route.replace('{}', spelling), { token: adminToken })
      if (res.status !== 400) opened.push(`${spelling}: ${res.status}`)
    }
    expect(opened).toEqual([])
  })

  it('a JSON body takes an id as a number or as digits, and refuses the other spellings', async () => {
    const assign = (packageIds: unknown[]) => ctx.request('PUT', '/api/user/2/assign-packages', { token: adminToken, body: { packageIds } })
    expect((await assign([2])).status).toBe(200)
    expect((await assign(['2'])).status).toBe(200)
    for (const packageIds of [['0x2'], ['+2'], ['2e0'], [' 2'], [2.5], [0], [2_147_483_648]]) {
      const res = await assign(packageIds)
      expect(namesField(res, 'packageIds'), JSON.stringify(packageIds)).toBe(true)
    }
  })
})

describe('every id field of every route', () => {
  const isIdField = (path: (string | number)[]) => /(^id|Id|^ids|Ids)$/.test(String(path.findLast((key) => typeof key === 'string')))
  const idFields = () => inputFields(document).filter((input) => isIdField(input.path))

  it('is found in paths, queries, forms and bodies', () => {
    expect(idFields().map(({ route, where, field }) => `${route} ${where} ${field}`)).toEqual(
      expect.arrayContaining([
        'GET /api/packages/{id} path id',
        'DELETE /api/user/{id}/packages/{packageId} path packageId',
        'GET /api/comments/video/{videoId}/paged path videoId',
        'GET /api/mcqs/getById query id',
        'GET /api/mcq-attempts/byMultipleSubTopicIds query ids',
        'POST /api/study-materials/upload multipart subTopicId',
        'POST /api/mcqs/uploadExcel multipart subTopicId',
        'PUT /api/user/{id}/assign-packages json packageIds.0',
        'PUT /api/topic/by-skill/{skillId} json topics.0.subTopics.0.id',
      ]),
    )
  })

  it('refuses a lenient spelling with a 400 naming the field', async () => {
    const accepted: string[] = []
    for (const input of idFields()) {
      for (const spelling of ['0x1', '1e0', '01']) {
        const res = await sendField(ctx, document, adminToken, input, spelling)
        if (!namesField(res, input.field)) accepted.push(`${input.route} ${input.where} ${input.field} = ${spelling}: ${res.status}`)
      }
    }
    expect(accepted).toEqual([])
  })
})
