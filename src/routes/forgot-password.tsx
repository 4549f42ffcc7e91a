import { createFileRoute } from '@tanstack/react-router'
import { PublicCard } from '../components/account/PublicCard.tsx'
import { ForgotPasswordForm } from '../components/account/ForgotPasswordForm.tsx'

/** 'Forgot your password?' from the sign-in screen: ask for a reset link by e-mail. */
export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  return (
    <PublicCard title="Forgot your password?" description="Enter your e-mail address and we will send you a link to choose a new password.">
      <ForgotPasswordForm />
    </PublicCard>
  )
}
