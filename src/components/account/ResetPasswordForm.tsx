import type { FormEvent } from 'react'
import { Alert, Stack } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { ApiError, messageOf } from '../../api/errors.ts'
import { useResetPassword } from '../../queries/account.ts'
import { NewPasswordFields, SubmitButton } from './FormParts.tsx'
import { checkNewPassword } from './password-rules.ts'
import { useFormFields } from './useFormFields.ts'
import { ButtonLink } from '../ui/links.tsx'
import { LinkProblem } from './LinkProblem.tsx'

const MISSING = 'This password reset link is incomplete. Ask for a new one.'

/** Sets a new password from the mailed link: new password and confirmation, then a way back to sign in. */
export function ResetPasswordForm({ token }: { token?: string }) {
  const reset = useResetPassword()
  const { values, setErrors, field } = useFormFields({ password: '', confirm: '' })

  if (!token) return <LinkProblem message={MISSING} />

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck size={20} />} role="status" title="Password changed">
          {reset.data}
        </Alert>
        <ButtonLink to="/">Sign in</ButtonLink>
      </Stack>
    )
  }

  // A 400 without field details is the token's problem (unknown, used or expired): the form cannot fix that.
  const tokenRejected = reset.error instanceof ApiError && reset.error.status === 400 && !reset.error.details.password
  if (tokenRejected)
    return <LinkProblem message={messageOf(reset.error, 'This password reset link is invalid, already used or expired.')} />

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = checkNewPassword(values.password, values.confirm)
    setErrors(found)
    if (found.password || found.confirm) return
    reset.mutate(
      { token: token!, password: values.password },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.details.password) setErrors({ password: err.details.password })
        },
      },
    )
  }

  const otherFailure = reset.isError && !tokenRejected && !(reset.error instanceof ApiError && reset.error.details.password)

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <NewPasswordFields password={field('password')} confirm={field('confirm')} autoFocus />
        {otherFailure ? (
          <Alert color="red" role="alert">
            {messageOf(reset.error, 'Failed to set the new password')}
          </Alert>
        ) : null}
        <SubmitButton pending={reset.isPending} fullWidth>
          Set new password
        </SubmitButton>
      </Stack>
    </form>
  )
}
