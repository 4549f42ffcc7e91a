import { Text } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { IconMailCheck, IconMailForward } from '@tabler/icons-react'
import { messageOf } from '../../api/errors.ts'
import { useRequestPasswordReset, useResendVerification } from '../../queries/account.ts'
import { AnchorLink } from '../ui/links.tsx'
import { EmailRequestForm } from './EmailRequestForm.tsx'
import { PublicCard } from './PublicCard.tsx'
import { ResetPasswordForm } from './ResetPasswordForm.tsx'
import { AcceptInvitationForm } from './AcceptInvitationForm.tsx'
import { NotVerified, VerifyEmailStatus, Verifying } from './VerifyEmailStatus.tsx'

/** 'Forgot your password?' from the sign-in screen: ask for a reset link by e-mail. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset()
  return (
    <PublicCard title="Forgot your password?" description="Enter your e-mail address and we will send you a link to choose a new password.">
      <EmailRequestForm
        label="Request a password reset link"
        submitLabel="Send reset link"
        request={request}
        failedText="Failed to send the password reset email"
        successIcon={<IconMailForward size={20} />}
        footer={
          <Text size="sm" ta="center">
            Remembered it? <AnchorLink to="/">Sign in</AnchorLink>
          </Text>
        }
      />
    </PublicCard>
  )
}

/** Resend Verification: works signed out, and may arrive with the address filled in (`?email=`). */
export function ResendVerificationPage({ email }: { email?: string }) {
  const resend = useResendVerification()
  return (
    <PublicCard
      title="Resend Verification Email"
      description="Enter the e-mail address you registered with and we will send a new verification link."
    >
      <EmailRequestForm
        label="Resend verification email"
        submitLabel="Resend Email"
        request={resend}
        failedText="Failed to resend verification email"
        successIcon={<IconMailCheck size={20} />}
        initialEmail={email}
        footer={
          <Text size="sm" ta="center">
            <AnchorLink to="/">Back to sign in</AnchorLink>
          </Text>
        }
      />
    </PublicCard>
  )
}

/** The page the reset mail links to (`APP_URL/reset-password?token=…`): choose a new password. */
export function ResetPasswordPage({ token }: { token?: string }) {
  return (
    <PublicCard title="Choose a new password">
      <ResetPasswordForm token={token} />
    </PublicCard>
  )
}

/** The page an invitation mail links to (`APP_URL/accept-invite?token=…`): choose the account's first password. */
export function AcceptInvitationPage({ token }: { token?: string }) {
  return (
    <PublicCard title="Set up your account">
      <AcceptInvitationForm token={token} />
    </PublicCard>
  )
}

/** The page the verification mail links to (`APP_URL/verify-email?token=…`); works signed out. */
export function VerifyEmailPage({ token }: { token?: string }) {
  return (
    <PublicCard title="Verify your e-mail">
      <VerifyEmailStatus token={token} />
    </PublicCard>
  )
}

export function VerifyEmailPending() {
  return (
    <PublicCard title="Verify your e-mail">
      <Verifying />
    </PublicCard>
  )
}

/** The server refused the token (unknown, used or expired). */
export function VerifyEmailFailed({ error }: ErrorComponentProps) {
  return (
    <PublicCard title="Verify your e-mail">
      <NotVerified message={messageOf(error, 'The e-mail address could not be verified.')} />
    </PublicCard>
  )
}
