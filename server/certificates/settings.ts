import { eq } from 'drizzle-orm'
import { DEFAULT_CERTIFICATE_SETTINGS, type CertificateSettings } from '../../contract/certificates.ts'
import type { Db } from '../db/client.ts'
import { certificateSettings, packages } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'

type Reader = Pick<Db, 'select'>

async function assertPackage(db: Reader, packageId: number) {
  const [pkg] = await db.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId))
  if (!pkg) throw notFound('Package not found')
}

/** A package's certificate rules, or the defaults when none were saved. */
export async function readCertificateSettings(db: Reader, packageId: number): Promise<CertificateSettings> {
  const [row] = await db
    .select({
      enabled: certificateSettings.enabled,
      validityMonths: certificateSettings.validityMonths,
      renewDaysBefore: certificateSettings.renewDaysBefore,
    })
    .from(certificateSettings)
    .where(eq(certificateSettings.packageId, packageId))
  return row ?? DEFAULT_CERTIFICATE_SETTINGS
}

export async function getCertificateSettings(db: Db, packageId: number): Promise<CertificateSettings> {
  await assertPackage(db, packageId)
  return readCertificateSettings(db, packageId)
}

/** Applies to certificates issued from now on; those already issued keep their dates. */
export async function saveCertificateSettings(db: Db, packageId: number, settings: CertificateSettings): Promise<CertificateSettings> {
  return db.transaction(async (tx) => {
    await assertPackage(tx, packageId)
    await tx
      .insert(certificateSettings)
      .values({ packageId, ...settings })
      .onConflictDoUpdate({ target: certificateSettings.packageId, set: settings })
    return readCertificateSettings(tx, packageId)
  })
}
