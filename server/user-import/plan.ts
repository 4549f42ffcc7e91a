import type { Role } from '../../contract/auth.ts'
import type { UserImportError } from '../../contract/user-import.ts'
import { nameKey, type RowInput } from './row-rules.ts'

/** What the plan needs to know of the database, read in the import's transaction (state.ts). */
export interface ImportState {
  /** Existing accounts by (lowercased) e-mail. */
  accounts: Map<string, ExistingAccount>
  /** Existing groups by nameKey. */
  groups: Map<string, { id: number; name: string }>
  /** `groupId:userId` of every membership of the accounts above. */
  memberships: Set<string>
  /** `userId:packageId` of every assignment of the accounts above, and whether it is direct. */
  assignments: Map<string, { direct: boolean }>
  packages: PackageCatalogue
  adminCount: number
}

export interface ExistingAccount {
  id: number
  name: string
  role: Role
  /** Imported and never signed in: no password, e-mail not verified. */
  invitationPending: boolean
  /** An unused invitation link that has not expired. */
  liveInvitation: boolean
}

export interface PackageCatalogue {
  byId: Map<number, string>
  /** Package ids by nameKey of their title (several packages may share a title). */
  byTitle: Map<string, number[]>
}

export interface NewAccount {
  email: string
  name: string
  role: Role
}

export interface AccountChange {
  userId: number
  name: string
  role: Role
  /** A role change ends the account's sessions (except the importing admin's own). */
  endsSessions: boolean
}

/** Everything an import writes; apply.ts writes it, in one transaction. */
export interface ImportPlan {
  rows: number
  errors: UserImportError[]
  created: NewAccount[]
  changes: AccountChange[]
  updated: number
  unchanged: number
  /** Groups the file names that do not exist yet (each once, as first written). */
  newGroups: string[]
  /** Members to add, by group nameKey, each an e-mail (new accounts have no id yet). */
  joins: Map<string, string[]>
  /** Direct assignments to make: e-mail and package id. */
  directPackages: { email: string; packageId: number }[]
  /** Existing accounts whose invitation is pending and no longer valid: they get a fresh one (at most one per import). */
  reinvite: { id: number; email: string; name: string }[]
}

/**
 * Decides what an import does, row by row, against the state of the database. A row with a problem is skipped
 * whole and reported; the others are imported. A row is `updated` when its account's name or role changes, it
 * joins a group it was not in, or gets a package directly that it did not have directly; a re-import adds and
 * never removes. The last administrator cannot be made a learner.
 */
export function planImport(inputs: RowInput[], state: ImportState, importedBy: number): ImportPlan {
  const errors = new Map<number, string[]>(inputs.filter((r) => r.problems.length).map((r) => [r.rowNumber, [...r.problems]]))
  const report = (row: RowInput, message: string) => errors.set(row.rowNumber, [...(errors.get(row.rowNumber) ?? []), message])

  const firstRowOf = new Map<string, number>()
  const packageIds = new Map<number, number[]>()
  for (const row of inputs) {
    if (row.email) {
      const first = firstRowOf.get(row.email)
      if (first === undefined) firstRowOf.set(row.email, row.rowNumber)
      else report(row, `Duplicate e-mail: ${row.email} is already on row ${first}`)
    }
    const resolved = resolvePackages(row.packageRefs, state.packages)
    for (const message of resolved.problems) report(row, message)
    packageIds.set(row.rowNumber, resolved.ids)
    const account = row.email ? state.accounts.get(row.email) : undefined
    if (row.email && !account && row.name === '') report(row, 'Name is required for a new account')
  }

  checkLastAdmin(inputs, state, errors, report)

  const plan: ImportPlan = {
    rows: inputs.length,
    errors: [],
    created: [],
    changes: [],
    updated: 0,
    unchanged: 0,
    newGroups: [],
    joins: new Map(),
    directPackages: [],
    reinvite: [],
  }
  for (const row of inputs) {
    if (errors.has(row.rowNumber)) continue
    const email = row.email!
    const account = state.accounts.get(email)
    let changed = !account
    if (account) {
      const name = row.name || account.name
      const role = row.role ?? account.role
      if (name !== account.name || role !== account.role)
        plan.changes.push({ userId: account.id, name, role, endsSessions: role !== account.role && account.id !== importedBy })
      changed = name !== account.name || role !== account.role
      if (account.invitationPending && !account.liveInvitation) plan.reinvite.push({ id: account.id, email, name })
    } else {
      plan.created.push({ email, name: row.name!, role: row.role ?? 'USER' })
    }
    for (const group of row.groups) {
      const key = nameKey(group)
      const existing = state.groups.get(key)
      if (!existing && !plan.joins.has(key)) plan.newGroups.push(group)
      if (!account || !existing || !state.memberships.has(`${existing.id}:${account.id}`)) {
        plan.joins.set(key, [...(plan.joins.get(key) ?? []), email])
        changed = true
      }
    }
    for (const packageId of packageIds.get(row.rowNumber)!) {
      if (account && state.assignments.get(`${account.id}:${packageId}`)?.direct) continue
      plan.directPackages.push({ email, packageId })
      changed = true
    }
    if (account) {
      if (changed) plan.updated++
      else plan.unchanged++
    }
  }
  plan.errors = [...errors].sort(([a], [b]) => a - b).map(([row, messages]) => ({ row, message: messages.join('; ') }))
  return plan
}

/** Package ids for titles or ids; a title is matched ignoring case and runs of spaces, and must name one package. */
export function resolvePackages(refs: string[], catalogue: PackageCatalogue): { ids: number[]; problems: string[] } {
  const ids = new Set<number>()
  const unknown: string[] = []
  const problems: string[] = []
  for (const ref of refs) {
    const asId = /^\d{1,9}$/.test(ref) ? Number(ref) : Number.NaN
    if (catalogue.byId.has(asId)) {
      ids.add(asId)
      continue
    }
    const matches = catalogue.byTitle.get(nameKey(ref)) ?? []
    if (matches.length === 1) ids.add(matches[0]!)
    else if (matches.length > 1) problems.push(`Several packages are titled '${ref}': write its id (${matches.join(' or ')})`)
    else unknown.push(`'${ref}'`)
  }
  if (unknown.length) problems.unshift(`Unknown package${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`)
  return { ids: [...ids], problems }
}

/**
 * Refuses, with the row's reason, a row that would leave no administrator: the file's promotions count first,
 * then demotions are taken in row order while another administrator remains.
 */
function checkLastAdmin(
  inputs: RowInput[],
  state: ImportState,
  errors: Map<number, string[]>,
  report: (row: RowInput, message: string) => void,
) {
  const valid = inputs.filter((row) => !errors.has(row.rowNumber))
  const before = (row: RowInput) => (row.email ? state.accounts.get(row.email)?.role : undefined)
  let admins = state.adminCount + valid.filter((row) => row.role === 'admin' && before(row) !== 'admin').length
  for (const row of valid) {
    if (before(row) !== 'admin' || row.role !== 'USER') continue
    if (admins > 1) admins--
    else report(row, 'The last administrator cannot stop being an administrator')
  }
}
