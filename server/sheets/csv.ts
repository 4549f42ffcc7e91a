import { parse } from 'csv-parse/sync'
import type { SheetRow } from '../../contract/mcq-import.ts'
import { AppError, badRequest } from '../http/errors.ts'
import type { RowLimit, SheetRows } from './xlsx.ts'

export const NOT_CSV = 'The file is not a readable CSV file'

/**
 * Reads a CSV file as an import reads a worksheet: the first record is the header, blank records are left out,
 * and a row's number is its record's (what a spreadsheet program shows when it opens the file: a quoted cell
 * with line breaks stays one row). UTF-8 only (with or without a byte order mark); the delimiter is a comma, or
 * a semicolon when the header holds semicolons and no comma (what Excel writes in locales with a decimal comma).
 * Reading stops as soon as the file holds more than `limit.maxRows` data rows. Runs in the sheet worker.
 */
export function readCsvRows(buffer: Buffer, limit: RowLimit): SheetRows {
  const text = decodeUtf8(buffer)
  let header: string[] | undefined
  const rows: SheetRow[] = []
  try {
    parse(text, {
      delimiter: delimiterOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      on_record: (record: string[], { records }: { records: number }) => {
        const cells = record.map((cell) => cell.trim())
        if (records === 1) header = cells
        else if (cells.some((cell) => cell !== '')) {
          if (rows.length === limit.maxRows) throw badRequest(limit.message, { file: limit.message })
          rows.push({ rowNumber: records, cells })
        }
        return null
      },
    })
  } catch (err) {
    if (err instanceof AppError) throw err
    throw badRequest(`${NOT_CSV}: ${(err as Error).message}`)
  }
  return { header, rows }
}

function decodeUtf8(buffer: Buffer): string {
  try {
    // The decoder drops a leading byte order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer)
  } catch {
    throw badRequest(`${NOT_CSV}: it is not UTF-8 text. Save it as "CSV UTF-8", or as .xlsx`)
  }
}

function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r|\n|$/))
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
}
