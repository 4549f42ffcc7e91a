export type CsvCell = string | number | null

const csvCell = (value: CsvCell) => {
  const text = value === null ? '' : String(value)
  // Quote everything; a text with a leading =, +, -, @, tab or carriage return is prefixed so spreadsheets do not
  // run it as a formula (a number, -0.25 say, is no formula and stays a number).
  return `"${(typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`
}

/** Rows of cells as CSV text (RFC 4180: every cell quoted, CRLF line ends). */
export const toCsv = (lines: CsvCell[][]) => `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`
