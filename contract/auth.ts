import { z } from 'zod'
import { PASSWORD_MIN } from './rules.ts'
import { assignmentFields } from './assignments.ts'
import { packageSchema, skillSchema } from './content.ts'
import { text } from './text.ts'

export const ROLES = ['admin', 'USER'] as const
export type Role = (typeof ROLES)[number]

export const email = text('Email', {
  max: 254,
  required: 'Email is required',
  tooLong: 'Email is too long',
  example: 'learner@example.com',
})
  .pipe(z.email('Email must be a valid e-mail address'))
  .transform((value) => value.toLowerCase())

/** A password as typed: not trimmed (its spaces count), any printable character. */
export const passwordText = (field: string, required?: string) =>
  text(field, { max: 200, required, tooLong: 'Password is too long', trim: false, example: 'Learn-2-Grow!' })

/** A password being set: at least PASSWORD_MIN characters, not only spaces. */
export const newPassword = passwordText('Password', 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .refine((value) => value.trim().length > 0, 'Password must not be blank')

export const loginRequest = z.object({ email, password: passwordText('Password', 'Password is required') })
export type LoginRequest = z.input<typeof loginRequest>

export const registerRequest = z.object({
  name: text('Name', { max: 120, required: 'Name is required', tooLong: 'Name is too long', example: 'Asha Rao' }),
  email,
  password: newPassword,
})
export type RegisterRequest = z.input<typeof registerRequest>

export const googleLoginRequest = z.object({
  idToken: text('idToken', {
    max: 10_000,
    required: 'idToken is required',
    tooLong: 'idToken is too long',
    example: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJl',
  }),
})
export type GoogleLoginRequest = z.input<typeof googleLoginRequest>

/** Basic skill as listed under a user's packages. */
/** The packages assigned to a user, their skills without topics (a user object carries them). */
export const skillBasicSchema = skillSchema
  .pick({ id: true, title: true, description: true, price: true, createdAt: true })
  .meta({ id: 'SkillBasic' })
export type SkillBasic = z.infer<typeof skillBasicSchema>

/** An assigned package as a user's packages list it: its skills, and where the learner stands with it. */
export const packageBasicSchema = packageSchema
  .extend({ skills: z.array(skillBasicSchema), ...assignmentFields })
  .meta({ id: 'PackageBasic' })
export type PackageBasic = z.infer<typeof packageBasicSchema>

const userFields = {
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  locale: z.string().nullable(),
  emailVerified: z.boolean(),
  /** Reminder e-mails about due packages (the in-app notifications come either way). */
  reminderEmails: z.boolean(),
}

export const userSchema = z.object({ ...userFields, packages: z.array(packageBasicSchema) }).meta({ id: 'User' })
export type User = z.infer<typeof userSchema>

/** A user with the whole trees of their assigned packages (the learner's home and the user detail page). */
export const userWithPackageTreesSchema = z
  .object({ ...userFields, packages: z.array(packageSchema.extend(assignmentFields)) })
  .meta({ id: 'UserWithPackageTrees' })

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema, message: z.string() }).meta({ id: 'LoginResponse' })
export type LoginResponse = z.infer<typeof loginResponseSchema>

/** A password change answers a fresh session: the change ended every older one. */
export const freshSessionSchema = loginResponseSchema.omit({ message: true }).meta({ id: 'FreshSession' })
export type FreshSession = z.infer<typeof freshSessionSchema>
