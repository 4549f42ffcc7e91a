import type { ReactNode } from 'react'
import { Button, Group, PasswordInput } from '@mantine/core'
import { PASSWORD_MIN } from '../../../contract/rules.ts'
import type { FieldProps } from './useFormFields.ts'

/** 'New password' (with the length rule) and 'Confirm new password', as the settings and reset forms ask for them. */
export function NewPasswordFields({ password, confirm, autoFocus }: { password: FieldProps; confirm: FieldProps; autoFocus?: boolean }) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        description={`At least ${PASSWORD_MIN} characters`}
        {...password}
      />
      <PasswordInput label="Confirm new password" autoComplete="new-password" required {...confirm} />
    </>
  )
}

/** An account form's submit button: busy and disabled while sending; full width on the public cards, right-aligned elsewhere. */
export function SubmitButton({
  pending,
  disabled,
  fullWidth,
  children,
}: {
  pending: boolean
  disabled?: boolean
  fullWidth?: boolean
  children: ReactNode
}) {
  const button = (
    <Button type="submit" loading={pending} disabled={pending || disabled} fullWidth={fullWidth}>
      {children}
    </Button>
  )
  return fullWidth ? button : <Group justify="flex-end">{button}</Group>
}
