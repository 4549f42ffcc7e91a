import type { Role, User } from '../../contract/auth.ts'
import { forgetValidators } from './validators.ts'

/** The browser session: token, role and user in localStorage under those keys (docs/product.md#session). */
const KEYS = { token: 'token', role: 'role', user: 'user' } as const

export function getToken(): string | null {
  return localStorage.getItem(KEYS.token)
}

/** The stored role; USER when the server gave none (docs/product.md#roles). */
export function getRole(): Role | null {
  if (!getToken()) return null
  return localStorage.getItem(KEYS.role) === 'admin' ? 'admin' : 'USER'
}

export function getStoredUser(): User | null {
  try {
    return JSON.parse(localStorage.getItem(KEYS.user) ?? 'null') as User | null
  } catch {
    return null
  }
}

export function saveSession(token: string, user: User) {
  localStorage.setItem(KEYS.token, token)
  localStorage.setItem(KEYS.role, user.role ?? 'USER')
  localStorage.setItem(KEYS.user, JSON.stringify(user))
}

export function clearSession() {
  localStorage.removeItem(KEYS.token)
  localStorage.removeItem(KEYS.role)
  localStorage.removeItem(KEYS.user)
  forgetValidators()
}

/** Where a role lands after signing in. */
export function homeFor(role: Role | null): '/dashboard' | '/user/my-dashboard' {
  return role === 'admin' ? '/dashboard' : '/user/my-dashboard'
}
