import { asc, count } from 'drizzle-orm'
import type { UserImportResult } from '../../contract/user-import.ts'
import type { Db } from '../db/client.ts'
import { emailTokens, groupMembers, groupPackages, groups, notifications, packages, userPackages, users } from '../db/schema.ts'
import type { TestContext } from './harness.ts'
import { upload, xlsx, XLSX_TYPE } from './media.ts'

/** Test helpers for the user import: files in both formats, the upload, and what the import may have written. */

export const HEADER = ['Email', 'Name', 'Role', 'Groups', 'Packages']

/** A CSV file of these rows (cells quoted where they need it), lines ended with CRLF as spreadsheet programs write them. */
export function csv(rows: (string | number)[][], { delimiter = ',', bom = false } = {}): Buffer {
  const quote = (cell: string | number) => {
    const text = String(cell)
    return /["\r\n,;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
  }
  const body = rows.map((row) => row.map(quote).join(delimiter)).join('\r\n')
  return Buffer.from(`${bom ? '\uFEFF' : ''}${body}\r\n`)
}

/** An .xlsx workbook whose first sheet holds these rows. */
export const workbook = (rows: (string | number | null)[][]) =>
  xlsx((sheet) => {
    for (const row of rows) sheet.addRow(row)
  }, 'Users')

export type ImportFile = { data: Buffer; name: string; type: string }
export const asCsv = (rows: (string | number)[][]): ImportFile => ({ data: csv(rows), name: 'users.csv', type: 'text/csv' })
export const asXlsx = async (rows: (string | number | null)[][]): Promise<ImportFile> => ({
  data: await workbook(rows),
  name: 'users.xlsx',
  type: XLSX_TYPE,
})

/** POST /api/user/import with the file (add `?dryRun=true` through `query`). */
export function importFile(ctx: TestContext, token: string, file: ImportFile, query = '') {
  return upload<UserImportResult>(
    ctx,
    `/api/user/import${query}`,
    [{ name: 'file', filename: file.name, data: file.data, type: file.type }],
    token,
  )
}

/** Every row an import may write, in a stable order: compare two snapshots to prove nothing changed. */
export async function organisationSnapshot(db: Db) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    groups: await db.select().from(groups).orderBy(asc(groups.id)),
    members: await db.select().from(groupMembers).orderBy(asc(groupMembers.groupId), asc(groupMembers.userId)),
    assignments: await db.select().from(userPackages).orderBy(asc(userPackages.userId), asc(userPackages.packageId)),
    tokens: await db.select().from(emailTokens).orderBy(asc(emailTokens.id)),
    notifications: await db.select().from(notifications).orderBy(asc(notifications.id)),
  }
}

export async function rowCount(db: Db, table: typeof users | typeof groups | typeof emailTokens | typeof notifications) {
  return (await db.select({ n: count() }).from(table))[0]!.n
}

/** A package titled so, straight into the database. */
export async function insertPackage(db: Db, title: string): Promise<number> {
  const [row] = await db
    .insert(packages)
    .values({ title, description: `${title} description`, price: '10.00' })
    .returning({ id: packages.id })
  return row!.id
}

/** A group holding these packages. */
export async function insertGroup(db: Db, name: string, packageIds: number[] = []): Promise<number> {
  const [row] = await db.insert(groups).values({ name }).returning({ id: groups.id })
  if (packageIds.length) await db.insert(groupPackages).values(packageIds.map((packageId) => ({ groupId: row!.id, packageId })))
  return row!.id
}

/** The token of an invitation mail's link. */
export function invitationToken(mail: { text: string }): string {
  const link = /https?:\/\/\S+\/accept-invite\?token=(\S+)/.exec(mail.text)
  if (!link) throw new Error(`no invitation link in: ${mail.text}`)
  return decodeURIComponent(link[1]!)
}
