import type { FormEvent } from 'react'
import { PasswordInput, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ApiError, messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useChangePassword } from '../../queries/account.ts'
import { publicConfigQueryOptions } from '../../queries/config.ts'
import { NewPasswordFields, SubmitButton } from './FormParts.tsx'
import { checkNewPassword } from './password-rules.ts'
import { useFormFields } from './useFormFields.ts'

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' }

/**
 * Changes the password. The current one is asked for; an account that has none yet (signed up with Google)
 * leaves it empty (said only when Google sign-in is configured), and the server says on the field when it is
 * wrong or needed.
 */
export function PasswordForm() {
  const change = useChangePassword()
  // Only a deployment with Google sign-in has accounts without a password.
  const googleSignIn = Boolean(useQuery(publicConfigQueryOptions()).data?.googleClientId)
  const { values, setValues, setErrors, field } = useFormFields(EMPTY)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const rules = checkNewPassword(values.newPassword, values.confirm)
    setErrors({ newPassword: rules.password, confirm: rules.confirm })
    if (rules.password || rules.confirm) return
    change.mutate(
      { currentPassword: values.currentPassword || undefined, newPassword: values.newPassword },
      {
        onSuccess: () => setValues(EMPTY),
        onError: (err) => {
          // A wrong current or weak new password shows on its field; anything else is a toast.
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
          autoComplete="current-password"
          description={googleSignIn ? 'Leave empty if you have only signed in with Google so far.' : undefined}
          {...field('currentPassword')}
        />
        <NewPasswordFields password={field('newPassword')} confirm={field('confirm')} />
        <SubmitButton pending={change.isPending}>Change password</SubmitButton>
      </Stack>
    </form>
  )
}
