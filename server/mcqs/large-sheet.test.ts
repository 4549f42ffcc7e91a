/**
 * Big spreadsheets: a sheet over the row limit is refused with a 400 naming the limit (reading stops there),
 * and reading a big sheet never blocks the server's event loop: a request sent once the sheet has been handed to the
 * reader thread is answered before the import is. (The request asked is one that needs no database: the import's
 * rows go in one transaction, and the embedded database runs one statement at a time.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import ExcelJS from 'exceljs'
import { MAX_IMPORT_ROWS, TEMPLATE_HEADERS } from '../../contract/mcq-import.ts'
import type { McqUploadResult } from '../../contract/media.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree } from '../test/content.ts'
import { mediaCounts, upload, XLSX_TYPE } from '../test/media.ts'

const ctx = setupTestContext({}, { resetBeforeEach: false })
let admin: string
let subTopicId: number
let dir: string

beforeAll(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  subTopicId = (await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })).subTopicIds[0]!
  dir = mkdtempSync(path.join(tmpdir(), 'learnpack-big-sheet-'))
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
})

/** A template sheet with `rows` distinct valid question rows, written with exceljs's streaming writer. */
async function bigSheet(rows: number): Promise<Buffer> {
  const file = path.join(dir, `${rows}.xlsx`)
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false })
  const sheet = workbook.addWorksheet('MCQs')
  sheet.addRow(TEMPLATE_HEADERS.plain).commit()
  for (let i = 1; i <= rows; i++)
    sheet.addRow([`Question ${i}: what is ${i} + 1?`, 'B', String(i), String(i + 1), 'neither', 'both']).commit()
  sheet.commit()
  await workbook.commit()
  return readFileSync(file)
}

const importPlain = (file: Buffer) =>
  upload<McqUploadResult>(
    ctx,
    '/api/mcqs/uploadExcel',
    [
      { name: 'subTopicId', data: String(subTopicId) },
      { name: 'file', filename: 'big.xlsx', data: file, type: XLSX_TYPE },
    ],
    admin,
  )

const LIMIT_MESSAGE = `The spreadsheet has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} question rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} can be imported at once`

describe('big spreadsheets', () => {
  it('the row limit is 10,000: one row more → 400 naming the limit, nothing stored', { timeout: 120_000 }, async () => {
    expect(MAX_IMPORT_ROWS).toBe(10_000)
    const res = await importPlain(await bigSheet(MAX_IMPORT_ROWS + 1))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(LIMIT_MESSAGE)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ mcqs: 0 })
  })

  it('while a 100,000-row sheet is read, the server answers other requests first; reading stops at the limit', {
    timeout: 180_000,
  }, async () => {
    const file = await bigSheet(100_000)
    const handedOver = vi.spyOn(Worker.prototype, 'postMessage')
    const order: string[] = []
    try {
      const imported = importPlain(file).then((res) => {
        order.push('import')
        return res
      })
      // The sheet's job, not another worker's message (the password-hashing pool also posts to its threads).
      const sheetJobs = () => handedOver.mock.calls.filter(([job]) => typeof job === 'object' && job !== null && 'limit' in job)
      await vi.waitFor(() => expect(sheetJobs()).toHaveLength(1), { timeout: 60_000, interval: 5 })
      const read = await ctx.request('GET', '/api/openapi.json')
      order.push('read')
      const res = await imported
      expect(read.status).toBe(200)
      expect(order).toEqual(['read', 'import'])
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(LIMIT_MESSAGE)
    } finally {
      handedOver.mockRestore()
    }
  })
})
