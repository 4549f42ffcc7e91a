export type CsvCell = string | number | null

const csvCell = (value: CsvCell) => {
  const text = value === null ? '' : String(value)
  // Quote everything; a leading =, +, - or @ is prefixed so spreadsheets do not run it as a formula.
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`
}

/** Rows of cells as CSV text (RFC 4180: every cell quoted, CRLF line ends). */
export const toCsv = (lines: CsvCell[][]) => `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`
