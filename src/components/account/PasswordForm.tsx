import { useState, type FormEvent } from 'react'
import { Button, Group, PasswordInput, Stack } from '@mantine/core'
import { PASSWORD_MIN } from '../../../contract/rules.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useChangePassword } from '../../queries/account.ts'
import { checkNewPassword } from './password-rules.ts'

type Field = 'currentPassword' | 'newPassword' | 'confirm'
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirm: '' }

/**
 * Changes the password. The current one is asked for; an account that has none yet (signed up with Google)
 * leaves it empty, and the server says on the field when it is wrong or needed.
 */
export function PasswordForm() {
  const change = useChangePassword()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setValues((prev) => ({ ...prev, [field]: value }))
    setErrors((prev) => ({ ...prev, [field]: undefined }))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const rules = checkNewPassword(values.newPassword, values.confirm)
    const found = { newPassword: rules.password, confirm: rules.confirm }
    setErrors(found)
    if (found.newPassword || found.confirm) return
    change.mutate(
      { currentPassword: values.currentPassword || undefined, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY)
          notify.success('Password changed')
        },
        onError: (err) => {
          const details = err instanceof ApiError ? err.details : {}
          if (details.currentPassword || details.newPassword) {
            setErrors({ currentPassword: details.currentPassword, newPassword: details.newPassword })
          } else {
            notify.error(messageOf(err, 'Failed to change password'))
          }
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          description="Leave empty if you have only signed in with Google so far."
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <PasswordInput
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          required
          description={`At least ${PASSWORD_MIN} characters`}
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <PasswordInput label="Confirm new password" name="confirm" autoComplete="new-password" required value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} disabled={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
