import type { SheetRow } from '../../contract/mcq-import.ts'
import { AppError } from '../http/errors.ts'
import { xlsx } from '../test/media.ts'
import { readSheetInBatches } from './sheet-batches.ts'
import type { SheetRows } from './xlsx.ts'

const LIMIT = { maxRows: 10_000, message: 'Too many rows' }
const HEADER = ['Question', 'Answer']

const sheet = (rows: number) =>
  xlsx((s) => {
    s.addRow(HEADER)
    for (let i = 1; i <= rows; i++) s.addRow([`Q${i}`, 'A'])
  })

describe('readSheetInBatches', () => {
  it('hands the rows over in batches of the size asked, in order, each with the header, the rest last', async () => {
    const batches: SheetRows[] = []
    await readSheetInBatches(await sheet(2_500), 'xlsx', LIMIT, 1_000, async (batch) => {
      batches.push(batch)
    })
    expect(batches.map((b) => b.rows.length)).toEqual([1_000, 1_000, 500])
    expect(batches.every((b) => JSON.stringify(b.header) === JSON.stringify(HEADER))).toBe(true)
    const rows = batches.flatMap((b) => b.rows)
    expect(rows.map((r: SheetRow) => r.rowNumber)).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 2))
    expect(rows[2_499]!.cells).toEqual(['Q2500', 'A'])
  })

  it('hands a batch only once the one before is handled', async () => {
    let running = 0
    let overlapped = false
    await readSheetInBatches(await sheet(3_000), 'xlsx', LIMIT, 500, async () => {
      overlapped ||= running > 0
      running++
      await new Promise((resolve) => setImmediate(resolve))
      running--
    })
    expect(overlapped).toBe(false)
  })

  it('a failing handler: no later batch is handled, and its error is the answer', async () => {
    const handled: number[] = []
    const failure = readSheetInBatches(await sheet(2_500), 'xlsx', LIMIT, 1_000, async (batch) => {
      handled.push(batch.rows.length)
      throw new Error('refused')
    })
    await expect(failure).rejects.toThrow('refused')
    expect(handled).toEqual([1_000])
  })

  it("a read that fails past some batches answers the read's error, once the batch being handled has ended", async () => {
    const limit = { maxRows: 1_500, message: 'Too many rows' }
    let handling = false
    const failure = readSheetInBatches(await sheet(2_500), 'xlsx', limit, 1_000, async () => {
      handling = true
      await new Promise((resolve) => setTimeout(resolve, 20))
      handling = false
    })
    const error = await failure.catch((err: unknown) => err)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toBe('Too many rows')
    expect(handling).toBe(false)
  })
})
