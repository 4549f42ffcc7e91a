import type { OpenApiDocument } from '../openapi/document.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { TEMPLATE_HEADERS } from '../../contract/mcq-import.ts'
import { upload, xlsx } from '../test/media.ts'
import { inputFields, namesField, sendField } from '../test/route-inputs.ts'

/**
 * Every field of every route refuses a NUL character with a 400 whose errorDetails name the field (a NUL
 * that reached PostgreSQL gave a 500). The fields are read from the routes themselves (see
 * route-inputs.ts), so a route that adds an unchecked text field fails here. The rule is contract/text.ts.
 */
/** Long enough for the fields with a minimum length (submissionId), so only the NUL is wrong with it. */
const NUL = 'text\u0000with a NUL'

const ctx = setupTestContext({}, { resetBeforeEach: false })
let document: OpenApiDocument
let adminToken: string

beforeAll(async () => {
  document = (await ctx.request('GET', '/api/openapi.json')).body as unknown as OpenApiDocument
  adminToken = (await ctx.createUser({ role: 'admin' })).token
  const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
  expect(tree.subTopicIds).toEqual([1])
})

describe('a NUL character in any field', () => {
  it('finds the fields of every kind of input, the ones the attack used among them', () => {
    const names = inputFields(document).map(({ route, where, field }) => `${route} ${where} ${field}`)
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/comments json comment',
        'PUT /api/comments/{id} json comment',
        'POST /api/reviews json reviewText',
        'PUT /api/reviews/{id} json reviewText',
        'PUT /api/videos/{id} json title',
        'POST /api/mcqs/create json question',
        'PUT /api/mcqs/update json question',
        'PUT /api/user/profile json name',
        'PUT /api/user/profile json givenName',
        'PUT /api/user/profile json familyName',
        'POST /api/oauth2/registerUser json name',
        'POST /api/mcq-attempts/create json submissionId',
        'GET /api/topic/filtered query title',
        'GET /api/subTopic/filtered query title',
        'POST /api/videos/upload/{subTopicId} multipart title',
        'POST /api/study-materials/upload multipart name',
        'POST /api/packages/createPackage json skills.0.title',
        'PUT /api/topic/by-skill/{skillId} json topics.0.subTopics.0.description',
        'GET /api/packages/{id} path id',
      ]),
    )
  })

  it('is a 400 whose errorDetails name the field, on every route', async () => {
    const failures: string[] = []
    for (const input of inputFields(document)) {
      const res = await sendField(ctx, document, adminToken, input, NUL)
      if (!namesField(res, input.field))
        failures.push(`${input.route} ${input.where} ${input.field}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
    }
    expect(failures).toEqual([])
  })
})

describe('a control character in a spreadsheet cell', () => {
  it('skips the row with its reason instead of storing it or answering 500', async () => {
    const sheet = await xlsx((rows) => {
      rows.addRow(TEMPLATE_HEADERS.plain)
      rows.addRow(['Escaped _x0000_ NUL', 'A', '1', '2']) // exceljs reads the XML escape _x0000_ as a NUL
      rows.addRow(['A bell _x0007_ here', 'A', '1', '2'])
      rows.addRow(['An option with a NUL', 'A', 'one _x0000_', '2'])
      rows.addRow(['Two lines\nof question', 'A', '1', '2'])
    })
    const res = await upload(
      ctx,
      '/api/mcqs/uploadExcel',
      [
        { name: 'subTopicId', data: '1' },
        { name: 'file', filename: 'q.xlsx', data: sheet },
      ],
      adminToken,
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      uploaded: 1,
      skipped: 3,
      skippedDetails: ['Row 2: Contains control characters', 'Row 3: Contains control characters', 'Row 4: Contains control characters'],
      withExplanation: 0,
    })
  })
})
