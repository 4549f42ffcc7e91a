import { Hono } from 'hono'
import { z } from 'zod'
import {
  adminCertificatePageSchema,
  adminCertificateSchema,
  certificateCodeParam,
  certificatesQuery,
  certificateStandingSchema,
  certificateVerificationSchema,
  myCertificateSchema,
  revokeInput,
} from '../../contract/certificates.ts'
import { idParam } from '../../contract/content.ts'
import { clientAddress } from '../auth/client-address.ts'
import type { Guards } from '../auth/guards.ts'
import { throttle } from '../auth/throttle.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { contentDisposition } from '../files/disposition.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { verificationUrl } from './issue.ts'
import { renderCertificatePdf } from './pdf.ts'
import {
  certificateForPdf,
  certificatesCsv,
  listCertificates,
  myCertificateStanding,
  myCertificates,
  revokeCertificate,
  verifyCertificate,
} from './service.ts'

/** Public checks of certificates one client address may make in a minute. */
export const VERIFY_LIMIT = { bucket: 'certificate-verify', limit: 30, windowMs: 60_000 }

const tags = ['certificates']

export function certificateRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db, clock } = deps
  return new Hono<AppEnv>()
    .get(
      '/',
      apiDoc({ summary: 'Your certificates, newest first, with their status', tags, response: z.array(myCertificateSchema) }),
      requireUser,
      async (c) => ok(c, await myCertificates(db, c.var.user.id, clock()), 'Your certificates'),
    )
    .get(
      '/standing',
      apiDoc({
        summary: 'Per assigned package: a certificate earned, or a renewal open until its recertify date',
        tags,
        response: z.array(certificateStandingSchema),
      }),
      requireUser,
      async (c) => ok(c, await myCertificateStanding(db, c.var.user.id, clock()), 'Your certificate standing'),
    )
    .get(
      '/all',
      apiDoc({
        summary: 'Every certificate, filtered by package, learner or status; one page',
        tags,
        response: adminCertificatePageSchema,
      }),
      requireAdmin,
      validate('query', certificatesQuery),
      async (c) => {
        const { page, size, ...filters } = c.req.valid('query')
        return ok(c, await listCertificates(db, filters, page, size, clock()), 'Certificates')
      },
    )
    .get(
      '/all/export',
      apiDoc({ summary: 'Every certificate matching the filters as CSV', tags, response: 'binary', contentType: 'text/csv' }),
      requireAdmin,
      validate('query', certificatesQuery),
      async (c) => {
        const { page: _page, size: _size, ...filters } = c.req.valid('query')
        return c.body(await certificatesCsv(db, filters, clock()), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="certificates.csv"',
        })
      },
    )
    .get(
      '/verify/:code',
      apiDoc({
        summary: 'Check a certificate by its code (no sign-in; rate-limited per address)',
        description: 'Answers its status, the learner, the package and the dates; never an e-mail, an id or a revocation reason.',
        tags,
        response: certificateVerificationSchema,
      }),
      validate('param', certificateCodeParam),
      async (c) => {
        const now = clock()
        await throttle(db, VERIFY_LIMIT.bucket, [{ key: `ip:${clientAddress(c, deps.config)}`, limit: VERIFY_LIMIT.limit }], {
          windowMs: VERIFY_LIMIT.windowMs,
          now,
          message: 'Too many certificate checks from your address. Try again in a minute.',
        })
        return ok(c, await verifyCertificate(db, c.req.valid('param').code, now), 'Certificate found')
      },
    )
    .get(
      '/:id/pdf',
      apiDoc({ summary: 'A certificate as PDF (its owner or an admin)', tags, response: 'binary', contentType: 'application/pdf' }),
      requireUser,
      validate('param', idParam),
      async (c) => {
        const certificate = await certificateForPdf(db, c.var.user, c.req.valid('param').id)
        const pdf = await renderCertificatePdf({
          ...certificate,
          verifyUrl: verificationUrl(deps.config.appUrl, certificate.code),
        })
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition('attachment', `Certificate - ${certificate.packageTitle}.pdf`),
          'Cache-Control': 'private, no-store',
        })
      },
    )
    .post(
      '/:id/revoke',
      apiDoc({ summary: 'Revoke a certificate for good (the reason stays private)', tags, response: adminCertificateSchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', revokeInput),
      async (c) =>
        ok(c, await revokeCertificate(db, c.var.user, c.req.valid('param').id, c.req.valid('json').reason, clock()), 'Certificate revoked'),
    )
}
