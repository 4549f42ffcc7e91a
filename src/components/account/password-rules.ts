import { newPassword } from '../../../contract/auth.ts'

/** A new password checked with the server's rule (contract/auth.ts `newPassword`), then its confirmation. */
export function checkNewPassword(password: string, confirm: string): { password?: string; confirm?: string } {
  const parsed = newPassword.safeParse(password)
  if (!parsed.success) return { password: parsed.error.issues[0]?.message }
  return confirm === password ? {} : { confirm: 'Passwords do not match' }
}
