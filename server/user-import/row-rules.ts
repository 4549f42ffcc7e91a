import type { Role } from '../../contract/auth.ts'
import { email as emailSchema } from '../../contract/auth.ts'
import type { SheetRow } from '../../contract/mcq-import.ts'
import { text } from '../../contract/text.ts'
import { GROUP_NAME_MAX, ROLE_WORDS, USER_NAME_MAX } from '../../contract/user-import.ts'
import type { ColumnIndex } from './columns.ts'

/**
 * The rules of one row of a user import, on its cells alone (what needs the database is in plan.ts). Every
 * problem of a row is collected, so the admin fixes a row once.
 */

export interface RowInput {
  rowNumber: number
  /** Lowercased; null when the cell is blank or not an e-mail address. */
  email: string | null
  /** '' when blank, null when refused. */
  name: string | null
  /** null when blank. */
  role: Role | null
  /** Group names as written, each once (compared ignoring case). */
  groups: string[]
  /** Package titles or ids as written, each once. */
  packageRefs: string[]
  problems: string[]
}

const nameSchema = text('Name', { max: USER_NAME_MAX })
const groupNameSchema = text('Group name', { max: GROUP_NAME_MAX })

export function readRow(row: SheetRow, columns: ColumnIndex): RowInput {
  const cell = (column: keyof ColumnIndex) => row.cells[columns[column]] ?? ''
  const problems: string[] = []
  const problem = (message: string) => void problems.push(message)

  const email = emailSchema.safeParse(cell('Email'))
  if (!email.success) problem(withValue(firstMessage(email.error), cell('Email')))
  const name = nameSchema.safeParse(cell('Name'))
  if (!name.success) problem(firstMessage(name.error))
  const role = roleOf(cell('Role'))
  if (role === undefined) problem(`Unknown role '${shorten(cell('Role'))}': write Learner or Admin`)
  const groups = listOf(cell('Groups'))
  for (const group of groups) {
    const checked = groupNameSchema.safeParse(group)
    if (!checked.success) problem(withValue(firstMessage(checked.error), group))
  }
  return {
    rowNumber: row.rowNumber,
    email: email.success ? email.data : null,
    name: name.success ? name.data : null,
    role: role ?? null,
    groups,
    packageRefs: listOf(cell('Packages')),
    problems,
  }
}

/** The role a Role cell names: null when blank, undefined when it names none. */
export function roleOf(cell: string): Role | null | undefined {
  if (cell === '') return null
  return (ROLE_WORDS as Record<string, Role>)[cell.toLowerCase()]
}

/** A comma-separated cell as its items: trimmed, blanks left out, each once (compared ignoring case). */
export function listOf(cell: string): string[] {
  const seen = new Set<string>()
  const items: string[] = []
  for (const raw of cell.split(',')) {
    const item = raw.trim()
    if (!item || seen.has(nameKey(item))) continue
    seen.add(nameKey(item))
    items.push(item)
  }
  return items
}

/** Names (groups, package titles) compared ignoring case and runs of spaces. */
export const nameKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim()

const firstMessage = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid value'

function withValue(message: string, value: string) {
  return value === '' ? message : `${message}: '${shorten(value)}'`
}

/** A cell's text as quoted in a message: at most 60 characters, control characters shown as '?'. */
const shorten = (value: string) => {
  const clean = value.replace(/\p{Cc}/gu, '?')
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean
}
