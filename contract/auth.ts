import { z } from 'zod'
import { PASSWORD_MIN } from './rules.ts'
import { packageSchema } from './content.ts'

export const ROLES = ['admin', 'USER'] as const
export type Role = (typeof ROLES)[number]

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Email must be a valid e-mail address'))
  .transform((value) => value.toLowerCase())


export const loginRequest = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
})
export type LoginRequest = z.input<typeof loginRequest>

export const registerRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long'),
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, 'Password is too long')
    .refine((value) => value.trim().length > 0, 'Password must not be blank'),
})
export type RegisterRequest = z.input<typeof registerRequest>

export const googleLoginRequest = z.object({
  idToken: z.string({ error: 'idToken is required' }).min(1, 'idToken is required').max(10_000, 'idToken is too long'),
})
export type GoogleLoginRequest = z.input<typeof googleLoginRequest>

/** Basic skill as listed under a user's packages. */
export const skillBasicSchema = z
  .object({ id: z.number().int(), title: z.string(), description: z.string(), price: z.string(), createdAt: z.string() })
  .meta({ id: 'SkillBasic' })
export type SkillBasic = z.infer<typeof skillBasicSchema>

export const packageBasicSchema = z
  .object({ id: z.number().int(), title: z.string(), description: z.string(), price: z.string(), createdAt: z.string(), skills: z.array(skillBasicSchema) })
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
}

export const userSchema = z.object({ ...userFields, packages: z.array(packageBasicSchema) }).meta({ id: 'User' })
export type User = z.infer<typeof userSchema>

/** A user with the whole trees of their assigned packages (the learner's home and the user detail page). */
export const userWithPackageTreesSchema = z.object({ ...userFields, packages: z.array(packageSchema) }).meta({ id: 'UserWithPackageTrees' })

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema, message: z.string() }).meta({ id: 'LoginResponse' })
export type LoginResponse = z.infer<typeof loginResponseSchema>

/** A password change answers a fresh session: the change ended every older one. */
export const freshSessionSchema = loginResponseSchema.omit({ message: true }).meta({ id: 'FreshSession' })
export type FreshSession = z.infer<typeof freshSessionSchema>
