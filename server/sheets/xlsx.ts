import type { Readable } from 'node:stream'
import type { SheetRow } from '../../contract/mcq-import.ts'
import { AppError, badRequest } from '../http/errors.ts'
import { isSizeMismatch, NOT_XLSX, openZipContainer, type ZipContainer } from './zip-container.ts'

/** The first worksheet's header and data rows (blank rows left out; row numbers are the sheet's own). */
export interface SheetRows {
  header: string[] | undefined
  rows: SheetRow[]
}

/** How many data rows one import takes, and the 400's message past that (each import names its own rows). */
export interface RowLimit {
  maxRows: number
  message: string
}

/** A streamed worksheet: its rows, one at a time. */
type WorksheetRows = AsyncIterable<{ number: number; values: unknown }>

/**
 * The steps of exceljs's streaming WorkbookReader, called one by one. Its own loop takes the zip's entries in the
 * order the file has them and parks a worksheet that comes before the workbook and shared strings in a temporary
 * file (left behind when reading stops early or the process dies, and misread now and then when entries are
 * stored); here every entry is taken from the zip in the order reading needs.
 */
interface WorkbookSteps {
  _parseRels(entry: Readable): Promise<void>
  _parseWorkbook(entry: Readable): Promise<void>
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>
  _parseStyles(entry: Readable): Promise<void>
  _parseWorksheet(rows: Readable, sheetNo: string): Iterable<{ value: WorksheetRows }>
  workbookRels?: { Id: string; Target: string }[]
  model?: { sheets?: { rId: string }[] }
}

/**
 * Reads the first worksheet of an .xlsx a row at a time, and stops as soon as it holds more than `limit.maxRows`
 * data rows, instead of building the whole workbook in memory first. The zip is read from its central
 * directory (openZipContainer); nothing is written to disk. Runs inside the sheet worker (readSheetOffThread in
 * sheet-reader.ts), never on the server's event loop.
 */
export async function readXlsxRows(buffer: Buffer, limit: RowLimit, batches?: RowBatches): Promise<SheetRows> {
  const zip = await openZipContainer(buffer)
  try {
    return await readFirstWorksheet(zip, limit, batches)
  } catch (err) {
    if (err instanceof AppError) throw err
    if (isSizeMismatch(err)) throw badRequest(`${NOT_XLSX}: an entry does not expand to the size it declares`)
    throw badRequest(NOT_XLSX)
  } finally {
    zip.close()
  }
}

async function readFirstWorksheet(zip: ZipContainer, limit: RowLimit, batches?: RowBatches): Promise<SheetRows> {
  // Loaded on first use: most processes never build a sheet, and exceljs costs start-up time and memory.
  const { default: ExcelJS } = await import('exceljs')
  // Styles are read so that date cells come back as dates; hyperlinks are not needed.
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(undefined as unknown as Readable, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookSteps
  await workbook._parseWorkbook(await zip.open('xl/workbook.xml'))
  await workbook._parseRels(await zip.open('xl/_rels/workbook.xml.rels'))
  if (zip.has('xl/sharedStrings.xml')) for await (const _ of workbook._parseSharedStrings(await zip.open('xl/sharedStrings.xml'))) void _
  if (zip.has('xl/styles.xml')) await workbook._parseStyles(await zip.open('xl/styles.xml'))

  const sheet = firstSheetPath(workbook)
  if (!sheet || !zip.has(sheet.path)) throw badRequest(`${NOT_XLSX}: it has no worksheet`)
  const stream = await zip.open(sheet.path)
  try {
    let header: string[] | undefined
    let rows: SheetRow[] = []
    let count = 0
    for (const { value: worksheet } of workbook._parseWorksheet(stream, sheet.number)) {
      for await (const row of worksheet) {
        const cells = rowCells(row.values)
        if (row.number === 1) header = cells
        else if (cells.some((c) => c !== '')) {
          if (count === limit.maxRows) throw badRequest(limit.message, { file: limit.message })
          count++
          rows.push({ rowNumber: row.number, cells })
          if (rows.length === batches?.rows) {
            batches.hand({ header, rows })
            rows = []
          }
        }
      }
    }
    return { header, rows }
  } finally {
    stream.destroy()
  }
}

/** The zip path of the workbook's first sheet (in tab order), from workbook.xml and its relationships. */
function firstSheetPath(workbook: WorkbookSteps): { path: string; number: string } | undefined {
  const first = workbook.model?.sheets?.[0]
  const target = workbook.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target
  if (!target) return undefined
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`
  const number = /sheet(\d+)\.xml$/.exec(path)?.[1]
  return number ? { path, number } : undefined
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

/** Rows handed over while reading goes on: every `rows` rows, with the header; the answer then holds only the rest. */
export interface RowBatches {
  rows: number
  hand(batch: SheetRows): void
}

/**
 * What the sheet reader posts to its worker: one file (its bytes transferred, not copied), its format and the row
 * limit; with `batchRows`, the worker posts the .xlsx rows in batches of that many as it reads them.
 */
export interface SheetWorkerJob {
  file: Uint8Array
  format: SheetFormat
  limit: RowLimit
  batchRows?: number
}

/** The formats an import reads: an .xlsx workbook's first worksheet, or a CSV file's records. */
export type SheetFormat = 'xlsx' | 'csv'

/** What the sheet worker posts back: a batch of rows (more to come), the rows, the error to answer with, or an unexpected failure's stack. */
export type SheetWorkerAnswer =
  | { batch: SheetRows }
  | { sheet: SheetRows }
  | { error: { status: 400 | 413; message: string; details?: Record<string, string> } }
  | { failure: string }
