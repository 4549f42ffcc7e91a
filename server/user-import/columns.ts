import { USER_IMPORT_COLUMNS, type UserImportColumn } from '../../contract/user-import.ts'
import { badRequest } from '../http/errors.ts'

/** Where each column is in the file's rows (0 = column A). */
export type ColumnIndex = Record<UserImportColumn, number>

const columnKey = (text: string) => text.toLowerCase().replace(/\s+/g, '')

/**
 * Finds the five columns in the header row, in any order, names compared ignoring case and spaces; other
 * columns are left alone. A missing or repeated column refuses the whole file with a 400 that names it.
 */
export function locateColumns(header: string[] | undefined): ColumnIndex {
  const found: Partial<ColumnIndex> = {}
  for (const [index, cell] of (header ?? []).entries()) {
    const column = USER_IMPORT_COLUMNS.find((name) => columnKey(name) === columnKey(cell))
    if (!column) continue
    if (found[column] !== undefined) throw headerError(`The column ${column} appears twice in the first row`)
    found[column] = index
  }
  const missing = USER_IMPORT_COLUMNS.filter((name) => found[name] === undefined)
  if (missing.length)
    throw headerError(`The first row must name the columns ${listOf(USER_IMPORT_COLUMNS)}; missing: ${missing.join(', ')}`)
  return found as ColumnIndex
}

const headerError = (message: string) => badRequest(message, { file: message })

const listOf = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
