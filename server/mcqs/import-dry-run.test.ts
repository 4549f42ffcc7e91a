/**
 * `?dryRun=true` on both imports answers exactly what the import would do (the same summary: rows to upload,
 * rows to skip with their reasons) and stores nothing.
 */
import { count } from 'drizzle-orm'
import { TEMPLATE_HEADERS, TEMPLATE_SAMPLE } from '../../contract/mcq-import.ts'
import type { McqUploadResult } from '../../contract/media.ts'
import { mcqs } from '../db/schema.ts'
import type { OpenApiDocument } from '../openapi/document.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'
import { upload, xlsx, XLSX_TYPE, type Part } from '../test/media.ts'

const ctx = setupTestContext()
let admin: string
let tree: BuiltTree
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2 })
})

const sheet = (header: string[], rows: unknown[][]) =>
  xlsx((s) => {
    s.addRow(header)
    for (const row of rows) s.addRow(row)
  })
const fileParts = (file: Buffer): Part[] => [{ name: 'file', filename: 'questions.xlsx', data: file, type: XLSX_TYPE }]
const mcqCount = async () => (await ctx.deps.db.select({ n: count() }).from(mcqs))[0]!.n

describe('POST /api/mcqs/uploadExcel?dryRun=true', () => {
  const importPlain = (file: Buffer, query = '') =>
    upload<McqUploadResult>(
      ctx,
      `/api/mcqs/uploadExcel${query}`,
      [{ name: 'subTopicId', data: String(tree.subTopicIds[0]) }, ...fileParts(file)],
      admin,
    )

  it('answers what the import then does, row for row, and stores nothing', async () => {
    await importPlain(await sheet(TEMPLATE_HEADERS.plain, [['Already stored', 'A', 'x', 'y']]))
    const file = await sheet(TEMPLATE_HEADERS.plain, [
      ['New one', 'A', 'x', 'y'],
      ['Already stored', 'B', 'x', 'y'],
      ['One option only', 'A', 'x'],
      ['Names a missing option', 'D', 'x', 'y'],
      ['New two', 'a c', 'x', 'y', 'z'],
      ['New one', 'A', 'x', 'y'],
    ])
    const before = await mcqCount()
    const dry = await importPlain(file, '?dryRun=true')
    expect(dry.status).toBe(200)
    expect(await mcqCount()).toBe(before)
    expect(dry.body.data).toEqual({
      uploaded: 2,
      skipped: 4,
      skippedDetails: [
        'Row 3: Duplicate question',
        'Row 4: Less than 2 options provided',
        'Row 5: Correct option D does not name an option',
        'Row 7: Duplicate question',
      ],
      withExplanation: 0,
    })
    const real = await importPlain(file)
    expect(real.body.data).toEqual(dry.body.data)
    expect(await mcqCount()).toBe(before + 2)
  })

  it('dryRun=false imports; any other value → 400 naming the field, nothing stored', async () => {
    const file = await sheet(TEMPLATE_HEADERS.plain, [['Q', 'A', 'x', 'y']])
    const bad = await importPlain(file, '?dryRun=yes')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^dryRun: /)
    expect(await mcqCount()).toBe(0)
    expect((await importPlain(file, '?dryRun=false')).body.data).toEqual({
      uploaded: 1,
      skipped: 0,
      skippedDetails: [],
      withExplanation: 0,
    })
    expect(await mcqCount()).toBe(1)
  })

  it('a wrong header gives the same 400 as the import', async () => {
    const res = await importPlain(await sheet(['Nope'], [['Q']]), '?dryRun=true')
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^The first row must hold the columns: /)
  })
})

describe("the template's example row", () => {
  const EXAMPLE = "Row 2: The template's example row (not imported)"

  it('is skipped, and said so, in the preview and the import of a sub-topic', async () => {
    const file = await sheet(TEMPLATE_HEADERS.plain, [TEMPLATE_SAMPLE.plain, ['A real question', 'A', 'x', 'y']])
    const parts = [{ name: 'subTopicId', data: String(tree.subTopicIds[0]) }, ...fileParts(file)]
    const dry = await upload<McqUploadResult>(ctx, '/api/mcqs/uploadExcel?dryRun=true', parts, admin)
    expect(dry.body.data).toMatchObject({ uploaded: 1, skipped: 1, skippedDetails: [EXAMPLE] })
    const real = await upload<McqUploadResult>(ctx, '/api/mcqs/uploadExcel', parts, admin)
    expect(real.body.data).toEqual(dry.body.data)
    expect(await mcqCount()).toBe(1)
  })

  it('is skipped in the bulk import too, whatever sub-topic id it was given', async () => {
    const [, ...example] = TEMPLATE_SAMPLE.withSubTopic
    const file = await sheet(TEMPLATE_HEADERS.withSubTopic, [[tree.subTopicIds[0], ...example]])
    const res = await upload<McqUploadResult>(ctx, '/api/mcqs/uploadExcelWithSubTopic', fileParts(file), admin)
    expect(res.body.data).toMatchObject({ uploaded: 0, skipped: 1, skippedDetails: [EXAMPLE] })
    expect(await mcqCount()).toBe(0)
  })
})

describe('POST /api/mcqs/uploadExcelWithSubTopic?dryRun=true', () => {
  const importBulk = (file: Buffer, query = '') =>
    upload<McqUploadResult>(ctx, `/api/mcqs/uploadExcelWithSubTopic${query}`, fileParts(file), admin)

  it('checks sub-topic ids and stored questions as the import does, and stores nothing', async () => {
    const [first, second] = tree.subTopicIds as [number, number]
    await importBulk(await sheet(TEMPLATE_HEADERS.withSubTopic, [[first, 'Stored', 'A', 'x', 'y']]))
    const file = await sheet(TEMPLATE_HEADERS.withSubTopic, [
      [first, 'Stored', 'A', 'x', 'y'],
      [second, 'Stored', 'A', 'x', 'y'],
      [999999, 'Nowhere', 'A', 'x', 'y'],
      ['abc', 'Bad id', 'A', 'x', 'y'],
    ])
    const before = await mcqCount()
    const dry = await importBulk(file, '?dryRun=true')
    expect(dry.status).toBe(200)
    expect(await mcqCount()).toBe(before)
    expect(dry.body.data).toEqual({
      uploaded: 1,
      skipped: 3,
      skippedDetails: [
        `Row 2: Duplicate question for SubTopic ID ${first}`,
        'Row 4: SubTopic ID not found: 999999',
        'Row 5: Invalid SubTopic ID',
      ],
      withExplanation: 0,
    })
    expect((await importBulk(file)).body.data).toEqual(dry.body.data)
  })
})

it('the OpenAPI document declares the dryRun query on both imports', async () => {
  const document = (await ctx.request('GET', '/api/openapi.json')).body as unknown as OpenApiDocument
  for (const path of ['/api/mcqs/uploadExcel', '/api/mcqs/uploadExcelWithSubTopic']) {
    const operation = document.paths[path]!.post as { parameters?: { name: string; in: string }[] }
    expect(
      operation.parameters?.some((p) => p.in === 'query' && p.name === 'dryRun'),
      path,
    ).toBe(true)
  }
})
