import type { FormEvent } from 'react'
import { Alert, Stack, Text } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { ApiError, messageOf } from '../../api/errors.ts'
import { homeFor } from '../../api/session.ts'
import { useAcceptInvitation } from '../../queries/account.ts'
import { ButtonLink } from '../ui/links.tsx'
import { NewPasswordFields, SubmitButton } from './FormParts.tsx'
import { LinkProblem } from './LinkProblem.tsx'
import { checkNewPassword } from './password-rules.ts'
import { useFormFields } from './useFormFields.ts'

const MISSING = 'This invitation link is incomplete. Open the link in your invitation e-mail again.'
const NEW_LINK = 'Get a new link with "Forgot your password?"'

/**
 * The page an invitation mail links to: the account's first password, checked with the same rules as a reset;
 * accepting it signs the person in. A refused link (used, expired, or the account has a password) says what to do.
 */
export function AcceptInvitationForm({ token }: { token?: string }) {
  const accept = useAcceptInvitation()
  const { values, setErrors, field } = useFormFields({ password: '', confirm: '' })

  if (!token) return <LinkProblem message={MISSING} newLinkLabel={NEW_LINK} />

  if (accept.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck size={20} />} role="status" title="Welcome to Learnpack">
          Your password is set and your e-mail address is verified. You are signed in as {accept.data.user.email}.
        </Alert>
        <ButtonLink to={homeFor(accept.data.user.role)}>Continue</ButtonLink>
      </Stack>
    )
  }

  // A 400 without field details, or a 409, is the link's problem: the form cannot fix that.
  const linkRefused =
    accept.error instanceof ApiError && ((accept.error.status === 400 && !accept.error.details.password) || accept.error.status === 409)
  if (linkRefused) return <LinkProblem message={messageOf(accept.error, 'This invitation link is not valid.')} newLinkLabel={NEW_LINK} />

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = checkNewPassword(values.password, values.confirm)
    setErrors(found)
    if (found.password || found.confirm) return
    accept.mutate(
      { token: token!, password: values.password },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.details.password) setErrors({ password: err.details.password })
        },
      },
    )
  }

  const otherFailure = accept.isError && !linkRefused && !(accept.error instanceof ApiError && accept.error.details.password)

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose your password">
      <Stack gap="md">
        <Text size="sm">Choose the password you will sign in with. The link in your e-mail works once.</Text>
        <NewPasswordFields password={field('password')} confirm={field('confirm')} autoFocus />
        {otherFailure ? (
          <Alert color="red" role="alert">
            {messageOf(accept.error, 'Failed to set your password')}
          </Alert>
        ) : null}
        <SubmitButton pending={accept.isPending} fullWidth>
          Set password and sign in
        </SubmitButton>
      </Stack>
    </form>
  )
}
