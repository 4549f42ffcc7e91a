import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { certificates, packages, userPackages, users } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { certificateIssuedMail } from '../mail/templates.ts'
import { createNotifications } from '../notifications/create.ts'
import { newCertificateCode } from './codes.ts'
import { readCertificateSettings } from './settings.ts'
import { addMonths, hasStatus } from './status.ts'
import { issuedText, MY_CERTIFICATES_LINK } from './wording.ts'

/** The completing write's transaction: all the issue needs of it. */
type Writer = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>

export interface IssuedCertificate {
  id: number
  code: string
}

/**
 * Called in the transaction that marks a learner's package complete: when the package issues certificates, issues
 * the one of the learner's current cycle, with its notification. Once per learner, package and cycle (the unique
 * index decides, whatever calls it twice); null when nothing was issued. A renewal's certificate replaces the one
 * before it: that one expires at this moment (it is kept, with its code, as expired). The e-mail goes after the commit
 * (`mailIssuedCertificates`).
 */
export async function issueCertificateIfEnabled(
  tx: Writer,
  userId: number,
  packageId: number,
  now: Date,
): Promise<IssuedCertificate | null> {
  const settings = await readCertificateSettings(tx, packageId)
  if (!settings.enabled) return null
  const [assignment] = await tx
    .select({ cycle: userPackages.cycle, learnerName: users.name, packageTitle: packages.title })
    .from(userPackages)
    .innerJoin(users, eq(users.id, userPackages.userId))
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .where(and(eq(userPackages.userId, userId), eq(userPackages.packageId, packageId)))
  if (!assignment) return null
  const [issued] = await tx
    .insert(certificates)
    .values({
      code: newCertificateCode(),
      userId,
      packageId,
      cycle: assignment.cycle,
      learnerName: assignment.learnerName,
      packageTitle: assignment.packageTitle,
      issuedAt: now,
      expiresAt: settings.validityMonths === null ? null : addMonths(now, settings.validityMonths),
    })
    .onConflictDoNothing({ target: [certificates.userId, certificates.packageId, certificates.cycle] })
    .returning({ id: certificates.id, code: certificates.code })
  if (!issued) return null
  // One valid certificate per learner and package: the earlier cycle's, still valid, ends as this one is issued.
  await tx
    .update(certificates)
    .set({ expiresAt: now })
    .where(
      and(eq(certificates.userId, userId), eq(certificates.packageId, packageId), ne(certificates.id, issued.id), hasStatus('valid', now)),
    )
  await createNotifications(
    tx,
    [{ userId, kind: 'certificate-issued', ...issuedText(assignment.packageTitle), link: MY_CERTIFICATES_LINK }],
    now,
  )
  return issued
}

/**
 * E-mails the certificates issued and not yet mailed. Each is claimed (`mailed_at`) before its e-mail goes, so it
 * goes at most once whichever instance or tick claims it; a failed e-mail is logged, not retried.
 */
export async function mailIssuedCertificates(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, now: Date): Promise<number> {
  const result = await deps.db.execute(sql`
    with claimed as (
      update certificates set mailed_at = ${now.toISOString()}::timestamptz
      where id in (select id from certificates where mailed_at is null and revoked_at is null order by id limit 500 for update skip locked)
      returning id, user_id, code, package_title, expires_at
    )
    select claimed.code, claimed.package_title, claimed.expires_at, u.email, u.name
    from claimed join users u on u.id = claimed.user_id`)
  const rows = rowsOf<{ code: string; package_title: string; expires_at: string | Date | null; email: string; name: string }>(result)
  for (const row of rows) {
    try {
      await deps.mailer.send(
        certificateIssuedMail(row.email, row.name, {
          packageTitle: row.package_title,
          expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
          verifyLink: verificationUrl(deps.config.appUrl, row.code),
          certificatesLink: `${deps.config.appUrl}${MY_CERTIFICATES_LINK}`,
        }),
      )
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'certificate mail failed', to: row.email, error: String(err) }))
    }
  }
  return rows.length
}

/** The public page that verifies a certificate; printed on it and in its QR code. */
export const verificationUrl = (appUrl: string, code: string) => `${appUrl}/verify/${code}`
