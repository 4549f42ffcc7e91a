import { crc32, deflateRawSync } from 'node:zlib'
import { asc, count, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { REQUIRED_HEADERS, TEMPLATE_HEADERS } from '../../contract/mcq-import.ts'
import type { McqUploadResult } from '../../contract/media.ts'
import { mcqs } from '../db/schema.ts'
import { IMPORT_BATCH_ROWS } from './service.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'
import { form, mediaCounts, pdf, upload, xlsx, XLSX_TYPE, type Part } from '../test/media.ts'
import { buildZip, zipEntries } from '../test/zip.ts'

const ctx = setupTestContext()
let admin: string
let learner: string
let tree: BuiltTree
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  learner = (await ctx.createUser({ role: 'USER' })).token
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 3 })
})

const PLAIN = TEMPLATE_HEADERS.plain
const BULK = TEMPLATE_HEADERS.withSubTopic
const PLAIN_HEADER_MESSAGE =
  'The first row must hold the columns: Question | CorrectOptions (e.g., A,C or A C) | OptionA | OptionB | OptionC | OptionD'

/** An .xlsx whose first sheet holds `header` then `rows` (cells as exceljs values). */
const sheet = (rows: unknown[][], header: unknown[] = PLAIN) =>
  xlsx((s) => {
    s.addRow(header)
    for (const row of rows) s.addRow(row)
  })

const fileParts = (file: Buffer, filename = 'questions.xlsx'): Part[] => [{ name: 'file', filename, data: file, type: XLSX_TYPE }]

function importPlain(file: Buffer, subTopicId: number | string = tree.subTopicIds[0]!, token = admin) {
  return upload<McqUploadResult>(
    ctx,
    '/api/mcqs/uploadExcel',
    [{ name: 'subTopicId', data: String(subTopicId) }, ...fileParts(file)],
    token,
  )
}
function importBulk(file: Buffer, token = admin) {
  return upload<McqUploadResult>(ctx, '/api/mcqs/uploadExcelWithSubTopic', fileParts(file), token)
}

async function stored() {
  const rows = await ctx.deps.db.select().from(mcqs).orderBy(asc(mcqs.id))
  return rows.map((r) => ({
    subTopicId: r.subTopicId,
    question: r.question,
    options: JSON.parse(r.options) as Record<string, string>,
    correctOption: r.correctOption,
  }))
}
/** Each stored question with its explanation, in id order. */
async function explanations() {
  const rows = await ctx.deps.db.select().from(mcqs).orderBy(asc(mcqs.id))
  return rows.map((r) => [r.question, r.explanation])
}
const mcqCount = async () => (await ctx.deps.db.select({ n: count() }).from(mcqs))[0]!.n

/** `withExplanation` is 0 unless the expected summary says otherwise. */
function expectSummary(
  res: { status: number; body: { data?: McqUploadResult; message?: string } },
  summary: Omit<McqUploadResult, 'withExplanation'> & { withExplanation?: number },
) {
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.data).toEqual({ withExplanation: 0, ...summary })
}

describe('POST /api/mcqs/uploadExcel', () => {
  it('stores every valid row; correct options split on commas/spaces and upper-cased', async () => {
    const file = await sheet([
      ['Which are prime numbers?', 'b d', '4', '2', '6', '3'],
      ['Capital of France?', 'a', 'Paris', 'Lyon'],
      ['Pick two', 'A, c', 'one', 'two', 'three'],
      ['Gap in the options', 'C', 'first', '', 'third'],
    ])
    const res = await importPlain(file)
    expectSummary(res, { uploaded: 4, skipped: 0, skippedDetails: [] })
    expect(res.body.message).toBe('Excel Upload Summary')
    const s = tree.subTopicIds[0]
    expect(await stored()).toEqual([
      { subTopicId: s, question: 'Which are prime numbers?', options: { A: '4', B: '2', C: '6', D: '3' }, correctOption: 'B,D' },
      { subTopicId: s, question: 'Capital of France?', options: { A: 'Paris', B: 'Lyon' }, correctOption: 'A' },
      { subTopicId: s, question: 'Pick two', options: { A: 'one', B: 'two', C: 'three' }, correctOption: 'A,C' },
      { subTopicId: s, question: 'Gap in the options', options: { A: 'first', C: 'third' }, correctOption: 'C' },
    ])
  })

  it("keeps numeric cells as written ('2', not '2.0')", async () => {
    const file = await sheet([
      [42, 'B', 1, 2, 3.5, 1000000],
      ['Negative?', 'A', -7, 0.25],
    ])
    expectSummary(await importPlain(file), { uploaded: 2, skipped: 0, skippedDetails: [] })
    expect((await stored()).map((m) => [m.question, m.options])).toEqual([
      ['42', { A: '1', B: '2', C: '3.5', D: '1000000' }],
      ['Negative?', { A: '-7', B: '0.25' }],
    ])
  })

  it('uses the computed value of formulas', async () => {
    const file = await xlsx((s) => {
      s.addRow(PLAIN)
      s.getCell('A2').value = { formula: 'CONCATENATE("What is ","2+2?")', result: 'What is 2+2?' } as ExcelJS.CellFormulaValue
      s.getCell('B2').value = { formula: 'UPPER("c")', result: 'C' } as ExcelJS.CellFormulaValue
      s.getCell('C2').value = { formula: '1+1', result: 2 } as ExcelJS.CellFormulaValue
      s.getCell('D2').value = { formula: '1+2', result: 3 } as ExcelJS.CellFormulaValue
      s.getCell('E2').value = { formula: '2*2', result: 4 } as ExcelJS.CellFormulaValue
    })
    expectSummary(await importPlain(file), { uploaded: 1, skipped: 0, skippedDetails: [] })
    expect(await stored()).toMatchObject([{ question: 'What is 2+2?', options: { A: '2', B: '3', C: '4' }, correctOption: 'C' }])
  })

  it('flattens rich text', async () => {
    const file = await xlsx((s) => {
      s.addRow(PLAIN)
      s.getCell('A2').value = {
        richText: [{ text: 'Which is ', font: { bold: true } }, { text: 'bold', font: { italic: true } }, { text: '?' }],
      }
      s.getCell('B2').value = 'A'
      s.getCell('C2').value = { richText: [{ text: 'This ', font: { color: { argb: 'FFFF0000' } } }, { text: 'one' }] }
      s.getCell('D2').value = 'That one'
    })
    expectSummary(await importPlain(file), { uploaded: 1, skipped: 0, skippedDetails: [] })
    expect(await stored()).toMatchObject([{ question: 'Which is bold?', options: { A: 'This one', B: 'That one' } }])
  })

  it('reads a merged cell once, in its top-left cell', async () => {
    const file = await xlsx((s) => {
      s.addRow(PLAIN)
      s.addRow(['Merged down two rows', 'A', 'x', 'y'])
      s.addRow([null, 'B', 'x2', 'y2'])
      s.mergeCells('A2:A3')
      s.addRow(['Long option merged over two columns', 'A', 'a long option', null, 'z'])
      s.mergeCells('C4:D4')
      s.addRow(['A section title merged across the row'])
      s.mergeCells('A5:F5')
    })
    const res = await importPlain(file)
    expectSummary(res, {
      uploaded: 2,
      skipped: 2,
      skippedDetails: ['Row 3: Missing question or correct option(s)', 'Row 5: Missing question or correct option(s)'],
    })
    expect((await stored()).map((m) => [m.question, m.options])).toEqual([
      ['Merged down two rows', { A: 'x', B: 'y' }],
      ['Long option merged over two columns', { A: 'a long option', C: 'z' }],
    ])
  })

  it('ignores blank rows; skipped rows keep the row number the sheet shows', async () => {
    const file = await xlsx((s) => {
      s.addRow(PLAIN)
      s.getRow(2).values = ['First', 'A', 'x', 'y']
      // row 3 absent, row 4 holds only blanks and spaces, row 5 only an empty string
      s.getRow(4).values = ['  ', ' ', '', '   ']
      s.getRow(5).values = ['']
      s.getRow(7).values = ['Seventh', '', 'x', 'y']
      s.getRow(9).values = ['Ninth', 'B', 'x', 'y']
    })
    expectSummary(await importPlain(file), { uploaded: 2, skipped: 1, skippedDetails: ['Row 7: Missing question or correct option(s)'] })
  })

  it('reports every skip reason with its row number, and stores the rest', async () => {
    await ctx.request('POST', '/api/mcqs/create', {
      token: admin,
      body: { subTopicId: tree.subTopicIds[0], question: 'Already  in the BANK', options: '{"A":"1","B":"2"}', correctOption: 'A' },
    })
    await ctx.request('POST', '/api/mcqs/create', {
      token: admin,
      body: { subTopicId: tree.subTopicIds[1], question: 'Stored elsewhere', options: '{"A":"1","B":"2"}', correctOption: 'A' },
    })
    const file = await sheet([
      ['Valid one', 'A', 'x', 'y'], // 2
      ['', 'A', 'x', 'y'], // 3
      ['No correct option', '', 'x', 'y'], // 4
      ['One option only', 'A', 'x'], // 5
      ['No options', 'A'], // 6
      ['Letter naming no option', 'A C', 'x', 'y'], // 7
      ['Letters naming no options', 'E,F', 'x', 'y', 'z'], // 8
      ['valid   ONE', 'B', 'p', 'q'], // 9: duplicate of row 2 (case and spaces)
      ['already in the bank', 'A', 'p', 'q'], // 10: duplicate of a stored MCQ
      ['Stored elsewhere', 'A', 'p', 'q'], // 11: stored in another sub-topic: not a duplicate
      ['Last valid', 'd', 'a', 'b', 'c', 'd'], // 12
    ])
    const res = await importPlain(file)
    expectSummary(res, {
      uploaded: 3,
      skipped: 8,
      skippedDetails: [
        'Row 3: Missing question or correct option(s)',
        'Row 4: Missing question or correct option(s)',
        'Row 5: Less than 2 options provided',
        'Row 6: Less than 2 options provided',
        'Row 7: Correct option C does not name an option',
        'Row 8: Correct option E, F does not name an option',
        'Row 9: Duplicate question',
        'Row 10: Duplicate question',
      ],
    })
    expect((await stored()).filter((m) => m.subTopicId === tree.subTopicIds[0]).map((m) => m.question)).toEqual([
      'Already  in the BANK',
      'Valid one',
      'Stored elsewhere',
      'Last valid',
    ])
  })

  it('a sheet where every row is skipped stores nothing and says why', async () => {
    const res = await importPlain(await sheet([['Only', '', 'x']]))
    expectSummary(res, { uploaded: 0, skipped: 1, skippedDetails: ['Row 2: Missing question or correct option(s)'] })
    expect(await mcqCount()).toBe(0)
  })

  it.each([
    ['other column names', ['Q', 'Answer', 'A', 'B', 'C', 'D']],
    ['the columns in another order', ['CorrectOptions', 'Question', 'OptionA', 'OptionB', 'OptionC', 'OptionD']],
    ['the with-subtopic columns', BULK],
    ['a missing OptionD column', PLAIN.slice(0, 5)],
    ['no header row at all', ['Which is prime?', 'B', '4', '3', '6', '8']],
  ])('wrong header (%s) → 400 naming the expected columns; nothing stored', async (_name, header) => {
    const res = await importPlain(await sheet([['Q', 'A', 'x', 'y']], header))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(PLAIN_HEADER_MESSAGE)
    expect(await mcqCount()).toBe(0)
  })

  it('an empty workbook → 400 naming the expected columns', async () => {
    const res = await importPlain(await xlsx(() => {}))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(PLAIN_HEADER_MESSAGE)
  })

  it('header names are compared case- and space-insensitively; the correct column may be just "CorrectOptions"', async () => {
    const res = await importPlain(
      await sheet([['Q', 'A', 'x', 'y']], [' question ', 'correctoptions', 'Option A', 'option b', 'OPTIONC', 'OptionD']),
    )
    expectSummary(res, { uploaded: 1, skipped: 0, skippedDetails: [] })
  })

  it('only the first sheet is read', async () => {
    const file = await xlsx((s, workbook) => {
      s.addRow(PLAIN)
      s.addRow(['From the first sheet', 'A', 'x', 'y'])
      const second = workbook.addWorksheet('Other')
      second.addRow(PLAIN)
      second.addRow(['From the second sheet', 'A', 'x', 'y'])
    })
    expectSummary(await importPlain(file), { uploaded: 1, skipped: 0, skippedDetails: [] })
    expect((await stored()).map((m) => m.question)).toEqual(['From the first sheet'])
  })

  // 1,500 rows span two insert batches of 1,000; the 5,000-row import is timed by bench/import.ts
  it('imports 1,500 rows; importing the same file again uploads 0 and skips all 1,500 as duplicates', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => [
      `Question number ${i + 1}: what is ${i} + 1?`,
      i % 3 === 0 ? 'A C' : 'B',
      String(i),
      i + 1,
      `${i + 2} apples`,
      i + 3,
    ])
    const file = await sheet(rows)
    const first = await importPlain(file)
    expectSummary(first, { uploaded: 1500, skipped: 0, skippedDetails: [] })
    expect(await mcqCount()).toBe(1500)
    const again = await importPlain(file)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ uploaded: 0, skipped: 1500 })
    const details = again.body.data!.skippedDetails
    expect(details).toHaveLength(1500)
    expect(details[0]).toBe('Row 2: Duplicate question')
    expect(details[1499]).toBe('Row 1501: Duplicate question')
    expect(details.every((d, i) => d === `Row ${i + 2}: Duplicate question`)).toBe(true)
    expect(await mcqCount()).toBe(1500)
  })

  it(`rows are checked ${IMPORT_BATCH_ROWS} at a time as the sheet is read: a row repeating one of an earlier batch is a duplicate`, async () => {
    const rows = Array.from({ length: IMPORT_BATCH_ROWS + 200 }, (_, i) => [`Batch question ${i}`, 'A', 'x', 'y'])
    rows[IMPORT_BATCH_ROWS + 100] = ['  BATCH question   7 ', 'B', 'x', 'y']
    const res = await importPlain(await sheet(rows))
    expectSummary(res, {
      uploaded: IMPORT_BATCH_ROWS + 199,
      skipped: 1,
      skippedDetails: [`Row ${IMPORT_BATCH_ROWS + 102}: Duplicate question`],
    })
    expect(await mcqCount()).toBe(IMPORT_BATCH_ROWS + 199)
  })

  it('the valid rows are stored in one transaction: a failure part-way (in the second bulk insert) stores none', async () => {
    await ctx.deps.db.execute(sql`
      create function fail_mcq() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`)
    await ctx.deps.db.execute(
      sql`create trigger fail_mcq before insert on mcqs for each row when (new.question = 'Q2999') execute function fail_mcq()`,
    )
    try {
      const rows = Array.from({ length: 3000 }, (_, i) => [`Q${i}`, 'A', 'x', 'y'])
      const res = await ctx.app.request('/api/mcqs/uploadExcel', {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form([{ name: 'subTopicId', data: String(tree.subTopicIds[0]) }, ...fileParts(await sheet(rows))]),
      })
      expect(res.status).toBe(500)
    } finally {
      await ctx.deps.db.execute(sql`drop trigger fail_mcq on mcqs`)
      await ctx.deps.db.execute(sql`drop function fail_mcq()`)
    }
    expect(await mcqCount()).toBe(0)
  })

  describe('files that are not a valid spreadsheet → 400/415, never 500', () => {
    it('a text file named .xlsx → 415 naming the expected type', async () => {
      const res = await upload(
        ctx,
        '/api/mcqs/uploadExcel',
        [
          { name: 'subTopicId', data: String(tree.subTopicIds[0]) },
          ...fileParts(Buffer.from('Question,Correct\nWhat?,A\n'), 'questions.xlsx'),
        ],
        admin,
      )
      expect(res.status).toBe(415)
      expect(res.body.message).toBe('file must be an Excel .xlsx spreadsheet')
    })

    it('a PDF named .xlsx → 415', async () => {
      expect((await importPlain(pdf())).status).toBe(415)
    })

    it('a corrupt zip (a real .xlsx, truncated or with garbage in the middle) → 400', async () => {
      const good = await sheet([['Q', 'A', 'x', 'y']])
      const truncated = await importPlain(good.subarray(0, Math.floor(good.length / 2)))
      expect(truncated.status).toBe(400)
      expect(truncated.body.message).toMatch(/not a valid \.xlsx/)
      const garbled = Buffer.from(good)
      for (let i = 200; i < garbled.length - 200; i += 7) garbled[i] = (garbled[i]! + 97) % 256
      const res = await importPlain(garbled)
      expect(res.status).toBe(400)
      const bare = await importPlain(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 0x41)]))
      expect(bare.status).toBe(400)
      expect(await mcqCount()).toBe(0)
    })

    it('a zip that is not a spreadsheet → 400', async () => {
      const zip = new JSZip()
      zip.file('hello.txt', 'not a workbook')
      const res = await importPlain(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }))
      expect(res.status).toBe(400)
    })

    it('a zip bomb: an entry declaring a small size that inflates hugely → 400', async () => {
      const bomb = zipWithEntry(Buffer.alloc(50 * 1024 * 1024), { declareSize: 1000 })
      expect(bomb.length).toBeLessThan(1024 * 1024)
      const res = await importPlain(bomb)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/does not expand to the size it declares/)
    })

    it('a local entry the zip directory does not list (a hidden 64 MB worksheet before the real one) → 400; nothing stored', async () => {
      const hidden = { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(64 * 1024 ** 2, 0x20), unlisted: true }
      const file = buildZip([hidden, ...(await zipEntries(await sheet([['Q', 'A', 'x', 'y']])))])
      expect(file.length).toBeLessThan(1024 ** 2)
      const res = await importPlain(file)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('The file is not a valid .xlsx spreadsheet: it holds data its zip directory does not list')
      expect(await mcqCount()).toBe(0)
    })

    it('a zip bomb: an entry declaring a huge size → 400', async () => {
      const res = await importPlain(zipWithEntry(Buffer.alloc(1000), { declareSize: 0xf0000000 }))
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/expands to more than 100 MB/)
    })

    it('a zip bomb: honest sizes that add up past the bound → 400', async () => {
      const res = await importPlain(zipWithEntry(Buffer.alloc(120 * 1024 * 1024)))
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/expands to more than 100 MB/)
    })

    it('a spreadsheet over 10 MB → 413 with the limit in the message', async () => {
      const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024)])
      const res = await importPlain(big)
      expect(res.status).toBe(413)
      expect(res.body.message).toBe('file is larger than the 10 MB limit')
    })
  })

  it('missing file or subTopicId → 400; unknown sub-topic → 404; learner → 403; nothing stored', async () => {
    const file = await sheet([['Q', 'A', 'x', 'y']])
    const noFile = await upload(ctx, '/api/mcqs/uploadExcel', [{ name: 'subTopicId', data: String(tree.subTopicIds[0]) }], admin)
    expect(noFile.status).toBe(400)
    expect(noFile.body.errorDetails).toHaveProperty(['file'])
    const noSub = await upload(ctx, '/api/mcqs/uploadExcel', fileParts(file), admin)
    expect(noSub.status).toBe(400)
    expect(noSub.body.errorDetails).toHaveProperty(['subTopicId'])
    expect((await importPlain(file, 'abc')).status).toBe(400)
    const unknown = await importPlain(file, 99_999)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('SubTopic not found')
    expect((await importPlain(file, tree.subTopicIds[0], learner)).status).toBe(403)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ mcqs: 0, storedFiles: 0 })
  })
})

describe('POST /api/mcqs/uploadExcelWithSubTopic', () => {
  it('stores rows into the sub-topic each names; numeric and text ids both work', async () => {
    const [a, b] = tree.subTopicIds as [number, number]
    const res = await importBulk(
      await sheet(
        [
          [a, 'Prime numbers?', 'B D', 4, 2, 6, 3],
          [String(b), 'Capital of France?', 'a', 'Paris', 'Lyon'],
          [` ${b} `, 'Prime numbers?', 'A', 'x', 'y'],
        ],
        BULK,
      ),
    )
    expectSummary(res, { uploaded: 3, skipped: 0, skippedDetails: [] })
    expect(res.body.message).toBe('Bulk MCQ Upload Summary')
    expect(await stored()).toEqual([
      { subTopicId: a, question: 'Prime numbers?', options: { A: '4', B: '2', C: '6', D: '3' }, correctOption: 'B,D' },
      { subTopicId: b, question: 'Capital of France?', options: { A: 'Paris', B: 'Lyon' }, correctOption: 'A' },
      { subTopicId: b, question: 'Prime numbers?', options: { A: 'x', B: 'y' }, correctOption: 'A' },
    ])
  })

  it('a sub-topic first named in a later batch is looked up there, with its stored questions', async () => {
    const [a, b] = tree.subTopicIds as [number, number]
    await ctx.request('POST', '/api/mcqs/create', {
      token: admin,
      body: { subTopicId: b, question: 'Stored before', options: '{"A":"1","B":"2"}', correctOption: 'A' },
    })
    const rows = Array.from({ length: IMPORT_BATCH_ROWS }, (_, i) => [a, `First batch ${i}`, 'A', 'x', 'y'])
    rows.push([b, 'Second batch', 'A', 'x', 'y'], [b, 'stored before', 'A', 'x', 'y'], [a, 'first BATCH 3', 'A', 'x', 'y'])
    const res = await importBulk(await sheet(rows, BULK))
    expectSummary(res, {
      uploaded: IMPORT_BATCH_ROWS + 1,
      skipped: 2,
      skippedDetails: [
        `Row ${IMPORT_BATCH_ROWS + 3}: Duplicate question for SubTopic ID ${b}`,
        `Row ${IMPORT_BATCH_ROWS + 4}: Duplicate question for SubTopic ID ${a}`,
      ],
    })
  })

  it('reports every skip reason with its row number', async () => {
    const [a, b] = tree.subTopicIds as [number, number]
    await ctx.request('POST', '/api/mcqs/create', {
      token: admin,
      body: { subTopicId: b, question: 'Stored before', options: '{"A":"1","B":"2"}', correctOption: 'A' },
    })
    const res = await importBulk(
      await sheet(
        [
          [a, 'Valid', 'A', 'x', 'y'], // 2
          ['', 'No id', 'A', 'x', 'y'], // 3
          [a, '', 'A', 'x', 'y'], // 4
          [a, 'No correct', '', 'x', 'y'], // 5
          ['abc', 'Text id', 'A', 'x', 'y'], // 6
          [1.5, 'Fractional id', 'A', 'x', 'y'], // 7
          [-3, 'Negative id', 'A', 'x', 'y'], // 8
          [99999, 'Unknown id', 'A', 'x', 'y'], // 9
          [a, 'One option', 'A', 'x'], // 10
          [a, 'Bad letter', 'D', 'x', 'y'], // 11
          [a, 'VALID', 'B', 'p', 'q'], // 12: duplicate in the file
          [b, 'stored   before', 'A', 'p', 'q'], // 13: duplicate of a stored MCQ
          [b, 'Valid', 'A', 'x', 'y'], // 14: same text, other sub-topic: fine
        ],
        BULK,
      ),
    )
    expectSummary(res, {
      uploaded: 2,
      skipped: 11,
      skippedDetails: [
        'Row 3: Missing required fields',
        'Row 4: Missing required fields',
        'Row 5: Missing required fields',
        'Row 6: Invalid SubTopic ID',
        'Row 7: Invalid SubTopic ID',
        'Row 8: Invalid SubTopic ID',
        'Row 9: SubTopic ID not found: 99999',
        'Row 10: Less than 2 options provided',
        'Row 11: Correct option D does not name an option',
        `Row 12: Duplicate question for SubTopic ID ${a}`,
        `Row 13: Duplicate question for SubTopic ID ${b}`,
      ],
    })
  })

  it('re-importing the same file uploads 0 and skips every row as a duplicate', async () => {
    const [a, b] = tree.subTopicIds as [number, number]
    const file = await sheet(
      [
        [a, 'One', 'A', 'x', 'y'],
        [b, 'Two', 'B', 'x', 'y'],
      ],
      BULK,
    )
    expectSummary(await importBulk(file), { uploaded: 2, skipped: 0, skippedDetails: [] })
    expectSummary(await importBulk(file), {
      uploaded: 0,
      skipped: 2,
      skippedDetails: [`Row 2: Duplicate question for SubTopic ID ${a}`, `Row 3: Duplicate question for SubTopic ID ${b}`],
    })
  })

  it('wrong header → 400 naming the expected columns; a text file → 415; learner → 403', async () => {
    const wrong = await importBulk(await sheet([['Q', 'A', 'x', 'y']], PLAIN))
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe(
      'The first row must hold the columns: SubTopicId | Question | CorrectOptions (e.g., A,C or A C) | OptionA | OptionB | OptionC | OptionD',
    )
    expect((await importBulk(Buffer.from('SubTopicId,Question\n1,Q\n'))).status).toBe(415)
    expect((await importBulk(await sheet([[tree.subTopicIds[0], 'Q', 'A', 'x', 'y']], BULK), learner)).status).toBe(403)
    expect(await mcqCount()).toBe(0)
  })
})

const EXPLAINED = '2 and 3 have no divisors other than 1 and themselves; 4 and 6 are even.'

describe("the optional 'Explanation' column", () => {
  it("stores each row's explanation; a blank cell stores none; the summary counts the explained rows", async () => {
    const file = await sheet([
      ['Which of these are prime?', 'B D', '4', '2', '6', '3', 'Only 2 and 3 are prime.'],
      ['Capital of France?', 'A', 'Paris', 'Lyon', '', '', ''],
      ['Two lines', 'A', 'x', 'y', '', '', 'First line\nsecond line'],
    ])
    expectSummary(await importPlain(file), { uploaded: 3, skipped: 0, skippedDetails: [], withExplanation: 2 })
    expect(await explanations()).toEqual([
      ['Which of these are prime?', 'Only 2 and 3 are prime.'],
      ['Capital of France?', null],
      ['Two lines', 'First line\nsecond line'],
    ])
  })

  it('an old sheet without the column still imports, with no explanations', async () => {
    expect(REQUIRED_HEADERS.plain).not.toContain('Explanation')
    const file = await sheet([['Capital of France?', 'A', 'Paris', 'Lyon']], REQUIRED_HEADERS.plain)
    expectSummary(await importPlain(file), { uploaded: 1, skipped: 0, skippedDetails: [] })
    const bulk = await sheet([[tree.subTopicIds[1], 'Old bulk row', 'B', 'x', 'y']], REQUIRED_HEADERS.withSubTopic)
    expectSummary(await importBulk(bulk), { uploaded: 1, skipped: 0, skippedDetails: [] })
    expect(await explanations()).toEqual([
      ['Capital of France?', null],
      ['Old bulk row', null],
    ])
  })

  it('a column after the options with another title is not read as an explanation', async () => {
    const file = await sheet([['Q', 'A', 'x', 'y', '', '', 'a note']], [...REQUIRED_HEADERS.plain, 'Notes'])
    expectSummary(await importPlain(file), { uploaded: 1, skipped: 0, skippedDetails: [] })
    expect(await explanations()).toEqual([['Q', null]])
  })

  it('the bulk sheet carries it too; the dry run counts it and stores nothing', async () => {
    const s = tree.subTopicIds[2]!
    const file = await sheet([[s, 'Bulk explained', 'A', 'x', 'y', '', '', 'Because x.']], BULK)
    const dry = await upload<McqUploadResult>(ctx, '/api/mcqs/uploadExcelWithSubTopic?dryRun=true', fileParts(file), admin)
    expectSummary(dry, { uploaded: 1, skipped: 0, skippedDetails: [], withExplanation: 1 })
    expect(await mcqCount()).toBe(0)
    expectSummary(await importBulk(file), { uploaded: 1, skipped: 0, skippedDetails: [], withExplanation: 1 })
    expect(await stored()).toMatchObject([{ subTopicId: s, question: 'Bulk explained' }])
    expect(await explanations()).toEqual([['Bulk explained', 'Because x.']])
  })

  it('an explanation with control characters or too long skips its row with the reason', async () => {
    const file = await sheet([
      ['Bell', 'A', 'x', 'y', '', '', 'ring _x0007_'], // exceljs reads the XML escape _x0007_ as a bell
      ['Long', 'A', 'x', 'y', '', '', 'e'.repeat(5001)],
      ['Fine', 'A', 'x', 'y', '', '', 'e'.repeat(5000)],
    ])
    expectSummary(await importPlain(file), {
      uploaded: 1,
      skipped: 2,
      skippedDetails: ['Row 2: Contains control characters', 'Row 3: Explanation is longer than 5000 characters'],
      withExplanation: 1,
    })
  })
})

describe('template downloads', () => {
  it.each([
    ['/api/mcqs/download-template', 'mcq-template.xlsx', 'MCQs', PLAIN, ['Which are prime numbers?', 'B D', '4', '2', '6', '3', EXPLAINED]],
    [
      '/api/mcqs/download-template-with-subtopic',
      'mcq-template-with-subtopic.xlsx',
      'MCQsWithSubTopic',
      BULK,
      [1001, 'Which are prime numbers?', 'B D', '4', '2', '6', '3', EXPLAINED],
    ],
  ])(
    '%s is a valid .xlsx with the template columns, options A to D only, then Explanation',
    async (url, fileName, sheetName, header, sample) => {
      const res = await ctx.app.request(url, { headers: { authorization: `Bearer ${admin}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(XLSX_TYPE)
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(await res.arrayBuffer())
      const first = workbook.worksheets[0]!
      expect(first.name).toBe(sheetName)
      expect((first.getRow(1).values as unknown[]).slice(1)).toEqual(header)
      expect(header.slice(-2)).toEqual(['OptionD', 'Explanation'])
      expect(header.join()).not.toMatch(/OptionE|OptionF/)
      expect((first.getRow(2).values as unknown[]).slice(1)).toEqual(sample)
      expect(first.actualRowCount).toBe(2)
    },
  )

  it('the downloaded templates read without error, and their example row is skipped, said so, not stored', async () => {
    const plain = Buffer.from(
      await (await ctx.app.request('/api/mcqs/download-template', { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer(),
    )
    const example = "Row 2: The template's example row (not imported)"
    expectSummary(await importPlain(plain), { uploaded: 0, skipped: 1, skippedDetails: [example], withExplanation: 0 })
    expect(await stored()).toEqual([])
    const bulk = Buffer.from(
      await (
        await ctx.app.request('/api/mcqs/download-template-with-subtopic', { headers: { authorization: `Bearer ${admin}` } })
      ).arrayBuffer(),
    )
    expectSummary(await importBulk(bulk), { uploaded: 0, skipped: 1, skippedDetails: [example] })
  })

  it('learners → 403; anonymous → 401', async () => {
    expect((await ctx.request('GET', '/api/mcqs/download-template', { token: learner })).status).toBe(403)
    expect((await ctx.request('GET', '/api/mcqs/download-template-with-subtopic')).status).toBe(401)
  })
})

/**
 * A zip holding one deflated entry 'xl/workbook.xml' with `content` (built here with zlib: fast for large
 * inputs); `declareSize` overwrites the uncompressed size written in the local header and the central
 * directory (a zip bomb lies there).
 */
function zipWithEntry(content: Buffer, options: { declareSize?: number } = {}): Buffer {
  const name = Buffer.from('xl/workbook.xml')
  const data = deflateRawSync(content, { level: 1 }) // the fastest level; zeros still shrink about 200-fold
  const size = options.declareSize ?? content.length
  const crc = crc32(content)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8) // deflate
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(size, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(size, 24)
  central.writeUInt16LE(name.length, 28)
  central.writeUInt32LE(0, 42) // local header offset
  const dirOffset = local.length + name.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + name.length, 12)
  end.writeUInt32LE(dirOffset, 16)
  return Buffer.concat([local, name, data, central, name, end])
}
