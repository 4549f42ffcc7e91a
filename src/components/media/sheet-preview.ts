import { MAX_IMPORT_ROWS, checkHeader, planImport, readSheet, type SheetKind } from '../../../contract/mcq-import.ts'
import { loadImportContext } from '../../queries/mcqs.ts'

/** The server's spreadsheet limit (larger files are refused with 413). */
export const MAX_SHEET_BYTES = 10 * 1024 * 1024

export interface SheetPreview {
  /** Question rows in the sheet (header and blank rows left out). */
  rows: number
  /** Rows that will be stored. */
  valid: number
  /** Each skipped row with its reason, as the server will report it. */
  skipped: string[]
  /** Set when the header row is not the template's: nothing can be imported. */
  headerError: string | null
  /** Set when the sheet has more rows than one import takes. */
  tooManyRows: string | null
  /** The sub-topic ids the rows name (a with-sub-topic sheet), for refreshing their lists after the upload. */
  subTopicIds: number[]
  /** False when the stored questions (duplicates) and sub-topic ids could not be checked here. */
  checkedStored: boolean
}

/** A file the preview cannot read at all; its message is shown as is. */
export class SheetReadError extends Error {}

/**
 * Reads a spreadsheet in the browser and applies the server's import rules to it (contract/mcq-import.ts,
 * one implementation for both). exceljs (~930 kB) is loaded here, on first use, never with the page.
 */
export async function previewSheet(file: File, kind: SheetKind, subTopicId?: number): Promise<SheetPreview> {
  if (file.size > MAX_SHEET_BYTES) throw new SheetReadError('The spreadsheet is larger than the 10 MB limit.')
  const ExcelJS = (await import('exceljs')).default
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(await file.arrayBuffer())
  } catch {
    throw new SheetReadError('This file could not be read as an .xlsx spreadsheet.')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new SheetReadError('The workbook has no worksheet.')

  const { header, rows } = readSheet(sheet)
  const base = { rows: rows.length, valid: 0, skipped: [], headerError: null, tooManyRows: null, subTopicIds: [], checkedStored: false }
  const headerError = checkHeader(kind, header)
  if (headerError) return { ...base, headerError }
  if (rows.length > MAX_IMPORT_ROWS) return { ...base, tooManyRows: `The spreadsheet has ${rows.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.` }

  const named =
    kind === 'plain'
      ? [subTopicId!]
      : [
          ...new Set(
            rows
              .map((r) => (r.cells[0] ?? '').trim())
              .filter((v) => /^\d{1,9}$/.test(v))
              .map(Number),
          ),
        ]
  // The stored questions and ids make the preview exact; without them it still checks the file itself.
  const stored = await loadImportContext(kind, named).catch(() => null)
  const plan = planImport(kind, rows, stored ?? { subTopicId })
  return {
    ...base,
    valid: plan.valid.length,
    skipped: plan.skipped,
    subTopicIds: kind === 'plain' ? [subTopicId!] : named,
    checkedStored: stored !== null,
  }
}
