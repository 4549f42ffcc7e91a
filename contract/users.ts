import { z } from 'zod'
import { PASSWORD_MIN } from './rules.ts'
import { ROLES } from './auth.ts'
import { id } from './content.ts'

const email = z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254).pipe(z.email('Email must be a valid e-mail address')).transform((v) => v.toLowerCase())
const newPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password is too long')
  .refine((v) => v.trim().length > 0, 'Password must not be blank')
const optionalName = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(120, `${field} must be at most 120 characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()

export const emailQuery = z.object({ email })
export const tokenQuery = z.object({ token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is too long') })
export const userIdQuery = z.object({ id })

export const assignPackagesInput = z.object({
  packageIds: z.array(id, { error: 'packageIds must be a list of package ids' }).min(1, 'Choose at least one package').max(500),
})

export const roleInput = z.object({ role: z.enum(ROLES, { error: "role must be 'admin' or 'USER'" }) })

export const profileInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  givenName: optionalName('Given name'),
  familyName: optionalName('Family name'),
  pictureUrl: z
    .string()
    .trim()
    .max(2000, 'Picture URL is too long')
    .transform((v) => (v === '' ? null : v))
    .pipe(z.url({ protocol: /^https?$/, error: 'Picture URL must be an http(s) URL' }).nullable())
    .nullable()
    .optional(),
})
export type ProfileInput = z.input<typeof profileInput>

export const passwordChangeInput = z.object({
  /** Required when the account has a password; Google-only accounts set their first one without it. */
  currentPassword: z.string().max(200).optional(),
  newPassword,
})
export type PasswordChangeInput = z.input<typeof passwordChangeInput>

export const forgotPasswordInput = z.object({ email })
export const resetPasswordInput = z.object({ token: tokenQuery.shape.token, password: newPassword })
export type ResetPasswordInput = z.input<typeof resetPasswordInput>

/** What mail requests answer whether or not the address has an account. */
export const RESEND_ANSWER = 'If an account with that e-mail needs verifying, a new verification e-mail is on its way.'
export const FORGOT_ANSWER = 'If an account with that e-mail exists, a password reset link is on its way.'
