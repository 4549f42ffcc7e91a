import type { FormEvent, ReactNode } from 'react'
import { Alert, Stack, TextInput } from '@mantine/core'
import type { UseMutationResult } from '@tanstack/react-query'
import { emailQuery } from '../../../contract/users.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { checkWith } from '../../lib/schema-errors.ts'
import { SubmitButton } from './FormParts.tsx'
import { useFormFields } from './useFormFields.ts'

interface EmailRequestFormProps {
  /** The form's accessible name. */
  label: string
  submitLabel: string
  /** Sends the address; answers the server's text, shown as it is (the same whether or not the address has an account). */
  request: UseMutationResult<string, Error, string>
  /** Shown when the call fails without a message of its own (the toast comes from the mutation's meta). */
  failedText: string
  successIcon: ReactNode
  initialEmail?: string
  /** The links under the form. */
  footer: ReactNode
}

/** E-mail (required) and one button that asks the server to mail a link: Forgot Password and Resend Verification. */
export function EmailRequestForm({
  label,
  submitLabel,
  request,
  failedText,
  successIcon,
  initialEmail = '',
  footer,
}: EmailRequestFormProps) {
  const { values, setErrors, field } = useFormFields({ email: initialEmail })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkWith(emailQuery, values)
    setErrors(checked.errors ?? {})
    if (!checked.input) return
    request.mutate(checked.input.email, {
      onError: (err) => {
        if (err instanceof ApiError && err.details.email) setErrors({ email: err.details.email })
      },
    })
  }

  const fieldFailure = request.error instanceof ApiError && Boolean(request.error.details.email)

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required autoFocus {...field('email')} />
          <SubmitButton pending={request.isPending} fullWidth>
            {submitLabel}
          </SubmitButton>
        </Stack>
      </form>
      {request.isSuccess ? (
        <Alert color="teal" icon={successIcon} role="status" title="Check your inbox">
          {request.data}
        </Alert>
      ) : null}
      {request.isError && !fieldFailure ? (
        <Alert color="red" role="alert">
          {messageOf(request.error, failedText)}
        </Alert>
      ) : null}
      {footer}
    </Stack>
  )
}
