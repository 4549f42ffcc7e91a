import { Readable } from 'node:stream'
import { inflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import type { SheetRow } from '../../contract/mcq-import.ts'
import { AppError, badRequest } from '../http/errors.ts'

const MAX_EXPANDED_BYTES = 100 * 1024 * 1024
const MAX_ENTRIES = 5_000
const NOT_XLSX = 'The file is not a valid .xlsx spreadsheet'

/**
 * Checks the zip container before any spreadsheet library sees it: a readable central directory, a sane
 * number of entries and a bounded expanded size, each entry actually inflating to no more than it declares
 * (a zip bomb is refused here instead of exhausting memory).
 */
export function assertSafeZip(buffer: Buffer) {
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0 || eocd + 22 > buffer.length) throw badRequest(NOT_XLSX)
  const entries = buffer.readUInt16LE(eocd + 10)
  const dirSize = buffer.readUInt32LE(eocd + 12)
  const dirOffset = buffer.readUInt32LE(eocd + 16)
  if (entries === 0xffff || dirOffset === 0xffffffff || entries > MAX_ENTRIES || dirOffset + dirSize > buffer.length)
    throw badRequest(NOT_XLSX)
  let total = 0
  let at = dirOffset
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw badRequest(NOT_XLSX)
    const method = buffer.readUInt16LE(at + 10)
    const compressed = buffer.readUInt32LE(at + 20)
    const declared = buffer.readUInt32LE(at + 24)
    const nameLength = buffer.readUInt16LE(at + 28)
    const extraLength = buffer.readUInt16LE(at + 30)
    const commentLength = buffer.readUInt16LE(at + 32)
    const localOffset = buffer.readUInt32LE(at + 42)
    total += declared
    if (total > MAX_EXPANDED_BYTES)
      throw badRequest(`The spreadsheet expands to more than ${MAX_EXPANDED_BYTES / 1024 / 1024} MB; it is refused`)
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== 0x04034b50) throw badRequest(NOT_XLSX)
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28)
    if (dataStart + compressed > buffer.length) throw badRequest(NOT_XLSX)
    if (method === 8) {
      try {
        const inflated = inflateRawSync(buffer.subarray(dataStart, dataStart + compressed), { maxOutputLength: Math.max(declared, 1) })
        if (inflated.length !== declared) throw new Error('size mismatch')
      } catch {
        throw badRequest(`${NOT_XLSX}: an entry does not expand to the size it declares`)
      }
    } else if (method !== 0) {
      throw badRequest(NOT_XLSX)
    }
    at += 46 + nameLength + extraLength + commentLength
  }
}

/** The first worksheet's header and question rows (blank rows left out; row numbers are the sheet's own). */
export interface SheetRows {
  header: string[] | undefined
  rows: SheetRow[]
}

const tooManyRowsMessage = (limit: number) =>
  `The spreadsheet has more than ${limit.toLocaleString('en-US')} question rows; at most ${limit.toLocaleString('en-US')} can be imported at once`

/**
 * Reads the first worksheet of an .xlsx with exceljs's streaming reader, a row at a time, and stops as soon as
 * it holds more than `maxRows` question rows, instead of building the whole workbook in memory first. Runs
 * inside the sheet worker (readSheetOffThread in sheet-reader.ts), never on the server's event loop.
 */
export async function readQuestionRows(buffer: Buffer, maxRows: number): Promise<SheetRows> {
  assertSafeZip(buffer)
  try {
    return await streamQuestionRows(buffer, maxRows)
  } catch (err) {
    if (err instanceof AppError) throw err
    // exceljs's streaming reader (4.4) now and then loses an entry of a valid file (its zip-entry iterator races:
    // about one read in 300 here fails with a TypeError); the same bytes read again succeed. A file that fails
    // twice is not a spreadsheet.
    try {
      return await streamQuestionRows(buffer, maxRows)
    } catch (again) {
      if (again instanceof AppError) throw again
      throw badRequest(NOT_XLSX)
    }
  }
}

async function streamQuestionRows(buffer: Buffer, maxRows: number): Promise<SheetRows> {
  // Styles are read so that date cells come back as dates; hyperlinks are not needed.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  let header: string[] | undefined
  const rows: SheetRow[] = []
  let sawSheet = false
  for await (const worksheet of reader) {
    sawSheet = true
    for await (const row of worksheet) {
      const cells = rowCells(row.values)
      if (row.number === 1) header = cells
      else if (cells.some((c) => c !== '')) {
        if (rows.length === maxRows) throw badRequest(tooManyRowsMessage(maxRows), { file: tooManyRowsMessage(maxRows) })
        rows.push({ rowNumber: row.number, cells })
      }
    }
    break // only the first worksheet is read
  }
  if (!sawSheet) throw badRequest(`${NOT_XLSX}: it has no worksheet`)
  return { header, rows }
}

/**
 * One row's cells as text, column A first. A merged range keeps its value in its top-left cell only (as Excel
 * shows it): the file stores the other cells of the range empty, and a streamed row is read as stored.
 */
function rowCells(values: unknown): string[] {
  // exceljs row.values is 1-based: index 0 is empty.
  const cells = Array.isArray(values) ? (values as unknown[]).slice(1) : []
  return Array.from(cells, (v) => decodeXmlEscapes(cellText(v)).trim())
}

/**
 * OOXML writes characters XML cannot hold as `_xHHHH_` (`_x0007_` is a bell, `_x005F_` a literal underscore).
 * exceljs's streaming reader leaves them as written, so they are decoded here; the import rules then refuse the
 * control characters among them with the row's reason.
 */
function decodeXmlEscapes(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** exceljs cell values as the text a person sees: numbers as written ('2', not '2.0'), formulas by result, rich text flattened. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[]
      result?: unknown
      formula?: string
      sharedFormula?: string
      text?: unknown
      error?: string
      hyperlink?: string
    }
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('')
    if ('result' in v || v.formula || v.sharedFormula) return cellText(v.result)
    if ('text' in v) return cellText(v.text)
    if (v.error) return ''
  }
  return ''
}

/** What the sheet reader posts to its worker: one file (its bytes transferred, not copied) and the row limit. */
export interface SheetWorkerJob {
  file: Uint8Array
  maxRows: number
}

/** What the sheet worker posts back: the rows, the error to answer with, or an unexpected failure's stack. */
export type SheetWorkerAnswer =
  | { sheet: SheetRows }
  | { error: { status: 400 | 413; message: string; details?: Record<string, string> } }
  | { failure: string }
