import { z } from 'zod'
import { email, newPassword, passwordText, ROLES } from './auth.ts'
import { playerPreferenceFields } from './captions.ts'
import { id } from './content.ts'
import { text } from './text.ts'

/** An optional name: blank or null clears it. */
const optionalName = (field: string) =>
  text(field, { max: 120 })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()

export const emailQuery = z.object({ email })
export const tokenQuery = z.object({ token: text('token', { max: 200, required: 'token is required', tooLong: 'token is too long' }) })
export const userIdQuery = z.object({ id })

export const assignPackagesInput = z.object({
  packageIds: z.array(id, { error: 'packageIds must be a list of package ids' }).min(1, 'Choose at least one package').max(500),
})

export const roleInput = z.object({ role: z.enum(ROLES, { error: "role must be 'admin' or 'USER'" }) })

export const profileInput = z.object({
  name: text('Name', { max: 120, required: 'Name is required' }),
  givenName: optionalName('Given name'),
  familyName: optionalName('Family name'),
  pictureUrl: text('Picture URL', { max: 2000, tooLong: 'Picture URL is too long' })
    .transform((v) => (v === '' ? null : v))
    .pipe(z.url({ protocol: /^https?$/, error: 'Picture URL must be an http(s) URL' }).nullable())
    .nullable()
    .optional(),
  /** Absent: left as it is. */
  reminderEmails: z.boolean({ error: 'reminderEmails must be true or false' }).optional(),
  ...playerPreferenceFields,
})
export type ProfileInput = z.input<typeof profileInput>

export const passwordChangeInput = z.object({
  /** Required when the account has a password; Google-only accounts set their first one without it. */
  currentPassword: passwordText('Current password').optional(),
  newPassword,
})
export type PasswordChangeInput = z.input<typeof passwordChangeInput>

export const forgotPasswordInput = z.object({ email })
export const resetPasswordInput = z.object({ token: tokenQuery.shape.token, password: newPassword })
export type ResetPasswordInput = z.input<typeof resetPasswordInput>

/** What mail requests answer whether or not the address has an account. */
export const RESEND_ANSWER = 'If an account with that e-mail needs verifying, a new verification e-mail is on its way.'
export const FORGOT_ANSWER = 'If an account with that e-mail exists, a password reset link is on its way.'
