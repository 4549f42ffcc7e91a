import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type {
  AdminCertificate,
  CertificateStanding,
  CertificatesQuery,
  CertificateVerification,
  MyCertificate,
} from '../../contract/certificates.ts'
import type { Page } from '../../contract/envelope.ts'
import type { Db } from '../db/client.ts'
import { certificates, userPackages, users } from '../db/schema.ts'
import type { AuthUser } from '../deps.ts'
import { toCsv } from '../http/csv.ts'
import { conflict, forbidden, notFound } from '../http/errors.ts'
import { toPage } from '../http/paging.ts'
import { certificateStatus, hasStatus } from './status.ts'

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString())

/** The signed-in user's certificates, newest first. */
export async function myCertificates(db: Db, userId: number, now: Date): Promise<MyCertificate[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
  return rows.map((row) => toMine(row, now))
}

type CertificateRow = typeof certificates.$inferSelect

function toMine(row: CertificateRow, now: Date): MyCertificate {
  return {
    id: row.id,
    code: row.code,
    packageId: row.packageId,
    packageTitle: row.packageTitle,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    status: certificateStatus(row.revokedAt, row.expiresAt, now),
  }
}

/** Public: what the code's certificate says, without any private field. Unknown codes are a 404. */
export async function verifyCertificate(db: Db, code: string, now: Date): Promise<CertificateVerification> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code))
  if (!row) throw notFound('No certificate has this code')
  return {
    status: certificateStatus(row.revokedAt, row.expiresAt, now),
    learnerName: row.learnerName,
    packageTitle: row.packageTitle,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
  }
}

type Filters = Omit<CertificatesQuery, 'page' | 'size'> & { packageId?: number; userId?: number }

function filterOf(filters: Filters, now: Date): SQL | undefined {
  return and(
    filters.packageId === undefined ? undefined : eq(certificates.packageId, filters.packageId),
    filters.userId === undefined ? undefined : eq(certificates.userId, filters.userId),
    filters.status === undefined ? undefined : hasStatus(filters.status, now),
  )
}

const adminColumns = { certificate: certificates, user: { id: users.id, name: users.name, email: users.email } }

function toAdmin(row: { certificate: CertificateRow; user: AdminCertificate['user'] }, now: Date): AdminCertificate {
  return {
    ...toMine(row.certificate, now),
    cycle: row.certificate.cycle,
    user: row.user,
    revokedAt: iso(row.certificate.revokedAt),
    revokeReason: row.certificate.revokeReason,
  }
}

/** Every certificate matching the filters, newest first, one page. */
export async function listCertificates(db: Db, filters: Filters, page: number, size: number, now: Date): Promise<Page<AdminCertificate>> {
  const where = filterOf(filters, now)
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(certificates).where(where),
  ])
  return toPage(
    rows.map((row) => toAdmin(row, now)),
    total?.n ?? 0,
    page,
    size,
  )
}

/** Every certificate matching the filters as CSV (no paging), for auditors. */
export async function certificatesCsv(db: Db, filters: Filters, now: Date): Promise<string> {
  const rows = await db
    .select(adminColumns)
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(filterOf(filters, now))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
  return toCsv([
    ['Learner', 'E-mail', 'Package', 'Cycle', 'Status', 'Issued', 'Expires', 'Revoked', 'Revocation reason', 'Code'],
    ...rows.map((row) => {
      const c = toAdmin(row, now)
      return [c.user.name, c.user.email, c.packageTitle, c.cycle, c.status, c.issuedAt, c.expiresAt, c.revokedAt, c.revokeReason, c.code]
    }),
  ])
}

/** Revokes a certificate for good; the reason stays private to admins. Revoking twice is a conflict. */
export async function revokeCertificate(
  db: Db,
  admin: AuthUser,
  certificateId: number,
  reason: string,
  now: Date,
): Promise<AdminCertificate> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(certificates)
      .set({ revokedAt: now, revokeReason: reason, revokedBy: admin.id })
      .where(and(eq(certificates.id, certificateId), sql`${certificates.revokedAt} is null`))
      .returning({ id: certificates.id })
    if (!updated) {
      const [exists] = await tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, certificateId))
      throw exists ? conflict('This certificate is already revoked') : notFound('Certificate not found')
    }
    const [row] = await tx
      .select(adminColumns)
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(eq(certificates.id, certificateId))
    return toAdmin(row!, now)
  })
}

/** The certificate behind a PDF: its owner's or, for admins, anyone's. */
export async function certificateForPdf(db: Db, viewer: AuthUser, certificateId: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, certificateId))
  if (!row) throw notFound('Certificate not found')
  if (viewer.role !== 'admin' && row.userId !== viewer.id) throw forbidden('This certificate is not yours')
  return row
}

/**
 * For each of the learner's packages with something to say: a renewal cycle not yet completed ("Recertify by …"),
 * else a valid certificate ("Certificate earned"). One query.
 */
export async function myCertificateStanding(db: Db, userId: number, now: Date): Promise<CertificateStanding[]> {
  const rows = await db
    .select({ packageId: userPackages.packageId, recertifyBy: userPackages.recertifyBy, completedAt: userPackages.completedAt })
    .from(userPackages)
    .where(eq(userPackages.userId, userId))
    .orderBy(userPackages.packageId)
  // A separate query: inside a correlated subquery of a single-table select, drizzle leaves column names unqualified,
  // so the package test compared the certificate with itself and every package read as earned.
  const valid = await db
    .select({ packageId: certificates.packageId })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), hasStatus('valid', now)))
  const earned = new Set(valid.map((c) => c.packageId))
  return rows.flatMap((row): CertificateStanding[] => {
    if (row.recertifyBy && !row.completedAt)
      return [{ packageId: row.packageId, state: 'recertify', recertifyBy: row.recertifyBy.toISOString() }]
    return earned.has(row.packageId) ? [{ packageId: row.packageId, state: 'earned', recertifyBy: null }] : []
  })
}
