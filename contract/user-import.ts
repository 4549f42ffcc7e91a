import { z } from 'zod'
import { newPassword } from './auth.ts'
import { tokenQuery } from './users.ts'

/** The bulk user import: its columns, limits and answer. The row rules are the server's (server/user-import/). */

/** The columns the first row must name, in any order (compared ignoring case and spaces). */
export const USER_IMPORT_COLUMNS = ['Email', 'Name', 'Role', 'Groups', 'Packages'] as const
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number]

/** Data rows one import takes; reading stops past it. */
export const MAX_USER_IMPORT_ROWS = 10_000

/** Longest name of an account, as at sign-up. */
export const USER_NAME_MAX = 120
/** Longest group name a Groups cell may create. */
export const GROUP_NAME_MAX = 120

/** What the Role column may hold (any case): blank keeps an account's role, and makes a new account a learner. */
export const ROLE_WORDS = { learner: 'USER', user: 'USER', admin: 'admin', administrator: 'admin' } as const

export const USER_IMPORT_TEMPLATE_FILE = 'user-import-template.xlsx'
export const CSV_TYPE = 'text/csv'

/** The template's second sheet: what each column takes. */
export const USER_IMPORT_COLUMN_HELP: Record<UserImportColumn, { takes: string; example: string }> = {
  Email: {
    takes: 'Required. The account is found by its e-mail, whatever its case; a new e-mail makes a new account.',
    example: 'asha.rao@example.com',
  },
  Name: {
    takes: `Required for a new account (at most ${USER_NAME_MAX} characters). Blank keeps an existing account's name.`,
    example: 'Asha Rao',
  },
  Role: {
    takes: 'Learner (or User) or Admin, in any case. Blank: Learner for a new account, unchanged for an existing one.',
    example: 'Learner',
  },
  Groups: { takes: 'Group names, comma-separated. A name no group has yet creates the group.', example: 'Sales, New starters' },
  Packages: {
    takes: 'Package titles or ids, comma-separated, assigned to the person directly. A title with a comma in it: use its id.',
    example: 'Safety basics, 12',
  },
}

export const userImportErrorSchema = z
  .object({
    /** The row number a spreadsheet program shows (the header is row 1). */
    row: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'UserImportError' })
export type UserImportError = z.infer<typeof userImportErrorSchema>

/**
 * What an import did (or, with `?dryRun=true`, would do): `rows` data rows; `created` new accounts; `updated`
 * existing accounts whose name or role changed, or that joined a group or got a package directly; `unchanged` the
 * rest; `invited` invitation e-mails sent; `errors` the rows skipped, each with its reasons.
 */
export const userImportResultSchema = z
  .object({
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    invited: z.number().int(),
    errors: z.array(userImportErrorSchema),
  })
  .meta({ id: 'UserImportResult' })
export type UserImportResult = z.infer<typeof userImportResultSchema>

/** Accepting an invitation: the token from the mail and the account's first password. */
export const acceptInvitationInput = z.object({ token: tokenQuery.shape.token, password: newPassword })
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>
