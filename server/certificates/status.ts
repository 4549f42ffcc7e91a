import { type SQL, sql } from 'drizzle-orm'
import type { CertificateStatus } from '../../contract/certificates.ts'
import { certificates } from '../db/schema.ts'

/** Revoked wins over expired; a certificate without an expiry date never expires. */
export function certificateStatus(revokedAt: Date | null, expiresAt: Date | null, now: Date): CertificateStatus {
  if (revokedAt) return 'revoked'
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'valid'
}

/** The same rule as a condition on the `certificates` table, for filtering in the database. */
export function hasStatus(status: CertificateStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`
  if (status === 'revoked') return sql`${certificates.revokedAt} is not null`
  if (status === 'expired') return sql`${certificates.revokedAt} is null and ${certificates.expiresAt} <= ${at}`
  return sql`${certificates.revokedAt} is null and (${certificates.expiresAt} is null or ${certificates.expiresAt} > ${at})`
}

/** `months` calendar months after `from` (UTC), as PostgreSQL's interval arithmetic would give (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, lastDay))
  return date
}
