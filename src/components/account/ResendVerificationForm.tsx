import { useState, type FormEvent } from 'react'
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core'
import { IconMailCheck } from '@tabler/icons-react'
import { ApiError, messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useResendVerification } from '../../queries/account.ts'
import { AnchorLink } from '../ui/links.tsx'

const FAILED = 'Failed to resend verification email'

/** E-mail (required) and 'Resend Email'; the server's answer is shown as it is, whether or not the address has an account. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const resend = useResendVerification()
  const [email, setEmail] = useState(initialEmail)
  const [fieldError, setFieldError] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = email.trim()
    if (!value) {
      setFieldError('Email is required')
      return
    }
    setFieldError(null)
    resend.mutate(value, {
      onError: (err) => {
        notify.error(FAILED)
        if (err instanceof ApiError && err.details.email) setFieldError(err.details.email)
      },
    })
  }

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate aria-label="Resend verification email">
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
          <Button type="submit" loading={resend.isPending} disabled={resend.isPending} fullWidth>
            Resend Email
          </Button>
        </Stack>
      </form>
      {resend.isSuccess ? (
        <Alert color="teal" icon={<IconMailCheck size={20} />} role="status" title="Check your inbox">
          {resend.data}
        </Alert>
      ) : null}
      {resend.isError && !(resend.error instanceof ApiError && resend.error.details.email) ? (
        <Alert color="red" role="alert">
          {messageOf(resend.error, FAILED)}
        </Alert>
      ) : null}
      <Text size="sm" ta="center">
        <AnchorLink to="/">
          Back to sign in
        </AnchorLink>
      </Text>
    </Stack>
  )
}
