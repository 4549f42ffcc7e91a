import { z } from 'zod'
import { PASSWORD_MIN } from './rules.ts'

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
export interface SkillBasic {
  id: number
  title: string
  description: string
  price: string
  createdAt: string
}

export interface PackageBasic {
  id: number
  title: string
  description: string
  price: string
  createdAt: string
  skills: SkillBasic[]
}

export interface User {
  id: number
  email: string
  name: string
  role: Role
  givenName: string | null
  familyName: string | null
  pictureUrl: string | null
  locale: string | null
  emailVerified: boolean
  packages: PackageBasic[]
}

export interface LoginResponse {
  token: string
  user: User
  message: string
}
