import { sql } from 'drizzle-orm'
import { MAX_USER_IMPORT_ROWS, type UserImportResult } from '../../contract/user-import.ts'
import type { AppDeps } from '../deps.ts'
import { yieldToEventLoop } from '../db/bulk.ts'
import { transactionOrDryRun } from '../db/dry-run.ts'
import { readSheetOffThread } from '../sheets/sheet-reader.ts'
import type { SheetRows } from '../sheets/xlsx.ts'
import { receiveUpload, type UploadRequest } from '../storage/multipart.ts'
import { applyPlan } from './apply.ts'
import { locateColumns } from './columns.ts'
import { prepareInvitations, sendInvitations } from './invitations.ts'
import { planImport } from './plan.ts'
import { readRow } from './row-rules.ts'
import { loadImportState } from './state.ts'

const ROW_LIMIT = {
  maxRows: MAX_USER_IMPORT_ROWS,
  message: `The file has more than ${MAX_USER_IMPORT_ROWS.toLocaleString('en-US')} user rows; at most ${MAX_USER_IMPORT_ROWS.toLocaleString('en-US')} can be imported at once`,
}

/** Imports run one at a time (on every instance), so two files naming one new e-mail cannot both create it. */
const IMPORT_LOCK = 'learnpack:user-import'

/** Receives an uploaded .xlsx or .csv (kept in memory, checked by content and size) and imports it, or with `dryRun` previews it. */
export async function importUserUpload(
  deps: Pick<AppDeps, 'db' | 'store' | 'config' | 'mailer' | 'clock'>,
  request: UploadRequest,
  options: { dryRun: boolean; importedBy: number },
): Promise<UserImportResult> {
  const rule = { kind: ['xlsx', 'csv'] as const, maxBytes: deps.config.uploads.maxSheetBytes, required: true, inMemory: true }
  const upload = await receiveUpload(request, deps.store, { file: rule }, [])
  const file = upload.files.file!
  const sheet = await readSheetOffThread(file.buffer!, file.contentType === 'text/csv' ? 'csv' : 'xlsx', ROW_LIMIT)
  return importUsers(deps, sheet, options)
}

/**
 * Imports the rows of a file: the header checked, every row checked (row-rules.ts, plan.ts), the good rows
 * written in one transaction and the bad ones reported with their row numbers. A dry run runs the very same
 * transaction and rolls it back, so its counts are the import's; invitations are mailed only after a real
 * import commits.
 */
export async function importUsers(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>,
  sheet: SheetRows,
  { dryRun, importedBy }: { dryRun: boolean; importedBy: number },
): Promise<UserImportResult> {
  const columns = locateColumns(sheet.header)
  const inputs = sheet.rows.map((row) => readRow(row, columns))
  const emails = [...new Set(inputs.flatMap((row) => (row.email ? [row.email] : [])))]
  const now = deps.clock()

  const { result, invitations } = await transactionOrDryRun(deps.db, dryRun, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${IMPORT_LOCK}))`)
    const state = await loadImportState(tx, emails, now)
    await yieldToEventLoop()
    const plan = planImport(inputs, state, importedBy)
    const created = await applyPlan(tx, plan, state, now)
    const invitations = await prepareInvitations(tx, deps, [...created, ...plan.reinvite], now)
    const result: UserImportResult = {
      rows: plan.rows,
      created: plan.created.length,
      updated: plan.updated,
      unchanged: plan.unchanged,
      invited: invitations.length,
      errors: plan.errors,
    }
    return { result, invitations }
  })
  if (!dryRun) await sendInvitations(deps, invitations)
  return result
}
