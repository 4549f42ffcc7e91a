/**
 * Big spreadsheets: a sheet over the row limit is refused with a 400 naming the limit (reading stops there),
 * and reading a big sheet never blocks the server: the event loop's delay, measured with
 * perf_hooks.monitorEventLoopDelay while the import runs, stays under a generous 1 s ceiling.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
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

  it('reading a 100,000-row sheet leaves the event loop free (max delay under 1 s) and stops at the limit', {
    timeout: 180_000,
  }, async () => {
    const file = await bigSheet(100_000)
    const delay = monitorEventLoopDelay({ resolution: 20 })
    delay.enable()
    const res = await importPlain(file)
    delay.disable()
    expect(delay.max / 1e6).toBeLessThan(1000)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(LIMIT_MESSAGE)
  })
})
