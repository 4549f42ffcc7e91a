import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { TEMPLATE_HEADERS, TEMPLATE_SAMPLE } from '../../contract/mcq-import.ts'
import { AppError } from '../http/errors.ts'
import { buildZip, storedWorksheetFirst, zipEntries } from '../test/zip.ts'
import { buildTemplate } from '../mcqs/template.ts'
import { readXlsxRows } from './xlsx.ts'

const LIMIT = { maxRows: 10_000, message: 'Too many rows' }

async function refusal(file: Buffer): Promise<AppError> {
  try {
    await readXlsxRows(file, LIMIT)
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return err as AppError
  }
  throw new Error('the file was read')
}

describe('readXlsxRows', () => {
  it('reads a template whose entries are stored, worksheet before workbook, the same way 200 times out of 200', async () => {
    const file = await storedWorksheetFirst(await buildTemplate('withSubTopic'))
    const expected = {
      header: [...TEMPLATE_HEADERS.withSubTopic],
      rows: [{ rowNumber: 2, cells: TEMPLATE_SAMPLE.withSubTopic.map(String) }],
    }
    const answers = []
    for (let i = 0; i < 200; i++) answers.push(await readXlsxRows(file, LIMIT))
    expect(answers.filter((answer) => JSON.stringify(answer) !== JSON.stringify(expected))).toEqual([])
  })

  it('refuses a local entry the central directory does not list, without inflating it', async () => {
    const template = await zipEntries(await buildTemplate('plain'))
    const hidden = { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(64 * 1024 ** 2, 0x20), unlisted: true }
    const file = buildZip([hidden, ...template])
    expect(file.length).toBeLessThan(1024 ** 2)
    const err = await refusal(file)
    expect(err.status).toBe(400)
    expect(err.message).toBe('The file is not a valid .xlsx spreadsheet: it holds data its zip directory does not list')
  })

  describe('temporary files', () => {
    let dir: string
    const previous = process.env.TMPDIR
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'learnpack-sheet-tmp-'))
      process.env.TMPDIR = dir
    })
    afterAll(() => {
      if (previous === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = previous
      rmSync(dir, { recursive: true, force: true })
    })

    it('none remain after a read, whether it succeeds or is refused', async () => {
      const worksheetFirst = await storedWorksheetFirst(await buildTemplate('plain'))
      await readXlsxRows(worksheetFirst, LIMIT)
      const template = await zipEntries(await buildTemplate('plain'))
      const hidden = { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(8 * 1024 ** 2, 0x20), unlisted: true }
      await refusal(buildZip([hidden, ...template]))
      await refusal(worksheetFirst.subarray(0, worksheetFirst.length - 30))
      expect(readdirSync(dir)).toEqual([])
    })
  })
})
