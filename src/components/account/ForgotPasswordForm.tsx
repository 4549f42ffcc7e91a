import { useState, type FormEvent } from 'react'
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core'
import { IconMailForward } from '@tabler/icons-react'
import { ApiError, messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useRequestPasswordReset } from '../../queries/account.ts'
import { AnchorLink } from '../ui/links.tsx'

const FAILED = 'Failed to send the password reset email'

/** Asks for a reset link by e-mail; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset()
  const [email, setEmail] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = email.trim()
    if (!value) {
      setFieldError('Email is required')
      return
    }
    setFieldError(null)
    request.mutate(value, {
      onError: (err) => {
        notify.error(FAILED)
        if (err instanceof ApiError && err.details.email) setFieldError(err.details.email)
      },
    })
  }

  const fieldFailure = request.error instanceof ApiError && Boolean(request.error.details.email)

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
        <Stack gap="md">
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value)
              setFieldError(null)
            }}
            error={fieldError}
          />
          <Button type="submit" loading={request.isPending} disabled={request.isPending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
      {request.isSuccess ? (
        <Alert color="teal" icon={<IconMailForward size={20} />} role="status" title="Check your inbox">
          {request.data}
        </Alert>
      ) : null}
      {request.isError && !fieldFailure ? (
        <Alert color="red" role="alert">
          {messageOf(request.error, FAILED)}
        </Alert>
      ) : null}
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <AnchorLink to="/">
          Sign in
        </AnchorLink>
      </Text>
    </Stack>
  )
}
