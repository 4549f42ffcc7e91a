import { z } from 'zod'
import { id, pageQuery } from './content.ts'
import { page } from './envelope.ts'
import { text } from './text.ts'

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]

/** The longest validity an admin may set: 10 years. */
export const MAX_VALIDITY_MONTHS = 120
/** The earliest a renewal may start before expiry: a year. */
export const MAX_RENEW_DAYS_BEFORE = 365

/** A package's certificate rules. Defaults: disabled, no expiry, renewal 30 days before expiry. */
export const certificateSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    validityMonths: z
      .number({ error: 'Validity must be a whole number of months, or empty for no expiry' })
      .int('Validity must be a whole number of months')
      .min(1, 'Validity must be at least 1 month')
      .max(MAX_VALIDITY_MONTHS, `Validity must be at most ${MAX_VALIDITY_MONTHS} months`)
      .nullable(),
    renewDaysBefore: z
      .number({ error: 'Renewal must be a whole number of days' })
      .int('Renewal must be a whole number of days')
      .min(0, 'Renewal must be 0 days or more')
      .max(MAX_RENEW_DAYS_BEFORE, `Renewal must be at most ${MAX_RENEW_DAYS_BEFORE} days before expiry`),
  })
  .meta({ id: 'CertificateSettings' })
export type CertificateSettings = z.infer<typeof certificateSettingsSchema>

export const DEFAULT_CERTIFICATE_SETTINGS: CertificateSettings = { enabled: false, validityMonths: null, renewDaysBefore: 30 }

/** One of the signed-in learner's certificates. */
export const myCertificateSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    /** Null once the package has been deleted (the certificate keeps its title). */
    packageId: z.number().int().nullable(),
    packageTitle: z.string(),
    issuedAt: z.string(),
    expiresAt: z.string().nullable(),
    status: z.enum(CERTIFICATE_STATUSES),
  })
  .meta({ id: 'MyCertificate' })
export type MyCertificate = z.infer<typeof myCertificateSchema>

/** What anyone holding the code may read: no e-mail, no ids, no revocation reason. */
export const certificateVerificationSchema = z
  .object({
    status: z.enum(CERTIFICATE_STATUSES),
    learnerName: z.string(),
    packageTitle: z.string(),
    issuedAt: z.string(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .strict()
  .meta({ id: 'CertificateVerification' })
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>

/** A verification code: URL-safe base64 of the random bytes. */
export const certificateCodeParam = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'A certificate code is 22 to 64 letters, digits, - or _'),
})

/** A certificate as the admins' table shows it. */
export const adminCertificateSchema = myCertificateSchema
  .extend({
    cycle: z.number().int(),
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    revokedAt: z.string().nullable(),
    revokeReason: z.string().nullable(),
  })
  .meta({ id: 'AdminCertificate' })
export type AdminCertificate = z.infer<typeof adminCertificateSchema>
export const adminCertificatePageSchema = page(adminCertificateSchema).meta({ id: 'AdminCertificatePage' })

export const certificatesQuery = pageQuery.extend({
  packageId: id.optional(),
  userId: id.optional(),
  status: z.enum(CERTIFICATE_STATUSES, { error: "status must be 'valid', 'expired' or 'revoked'" }).optional(),
})
export type CertificatesQuery = z.input<typeof certificatesQuery>

export const REVOKE_REASON_MAX = 500
export const revokeInput = z.object({
  reason: text('Reason', { max: REVOKE_REASON_MAX, required: 'Please give a reason for revoking', multiline: true }),
})
export type RevokeInput = z.input<typeof revokeInput>

/**
 * What the learner's package cards and viewer say of certificates: `earned` (a valid certificate, nothing to do) or
 * `recertify` (a renewal cycle open until `recertifyBy`). Packages with neither are left out.
 */
export const certificateStandingSchema = z
  .object({
    packageId: z.number().int(),
    state: z.enum(['earned', 'recertify']),
    recertifyBy: z.string().nullable(),
  })
  .meta({ id: 'CertificateStanding' })
export type CertificateStanding = z.infer<typeof certificateStandingSchema>
