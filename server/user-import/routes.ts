import { Hono } from 'hono'
import { XLSX_TYPE, importQuery } from '../../contract/mcq-import.ts'
import { freshSessionSchema } from '../../contract/auth.ts'
import { USER_IMPORT_TEMPLATE_FILE, acceptInvitationInput, userImportResultSchema } from '../../contract/user-import.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { clientAddress } from '../auth/client-address.ts'
import { ok } from '../http/envelope.ts'
import { uploadRequest } from '../http/upload-request.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { acceptInvitation } from './invitations.ts'
import { importUserUpload } from './service.ts'
import { buildUserImportTemplate } from './template.ts'

/** Mounted under /user: the bulk import and its template (admins), and accepting an invitation (anyone with the link). */
export function userImportRoutes(deps: AppDeps, { requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .post(
      '/import',
      apiDoc({
        summary: 'Import users from a spreadsheet (.xlsx or .csv): create, update, add to groups, assign packages, invite',
        description:
          'Columns Email, Name, Role, Groups and Packages. Rows with a problem are skipped and listed in `errors` with their row numbers; the others are imported in one transaction. `?dryRun=true` answers the same counts and stores and sends nothing.',
        response: userImportResultSchema,
        upload: { files: { file: 'An .xlsx (first sheet) or UTF-8 .csv file laid out like the template' } },
      }),
      requireAdmin,
      validate('query', importQuery),
      async (c) => {
        const { dryRun } = c.req.valid('query')
        const result = await importUserUpload(deps, uploadRequest(c), { dryRun, importedBy: c.var.user.id })
        return ok(c, result, dryRun ? 'User import preview' : 'Users imported')
      },
    )
    .get(
      '/import/template',
      apiDoc({ summary: 'The user import template', response: 'binary', contentType: XLSX_TYPE }),
      requireAdmin,
      async (c) =>
        c.body(new Uint8Array(await buildUserImportTemplate()), 200, {
          'Content-Type': XLSX_TYPE,
          'Content-Disposition': `attachment; filename="${USER_IMPORT_TEMPLATE_FILE}"`,
        }),
    )
    .post(
      '/accept-invitation',
      apiDoc({
        summary: "Set an invited account's first password with the token from the invitation mail (verifies the e-mail); answers a session",
        response: freshSessionSchema,
      }),
      validate('json', acceptInvitationInput),
      async (c) => {
        const { token, password } = c.req.valid('json')
        const session = await acceptInvitation(deps, token, password, clientAddress(c, deps.config))
        return ok(c, session, 'Your password is set and your e-mail address is verified.')
      },
    )
}
