import { PASSWORD_MIN } from '../../../contract/rules.ts'

/** The new-password rules the server applies (contract/users.ts), checked before sending, plus the confirmation. */
export function checkNewPassword(password: string, confirm: string): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {}
  if (!password) errors.password = 'Password is required'
  else if (password.length < PASSWORD_MIN) errors.password = `Password must be at least ${PASSWORD_MIN} characters`
  else if (!password.trim()) errors.password = 'Password must not be blank'
  if (!errors.password && confirm !== password) errors.confirm = 'Passwords do not match'
  return errors
}
