import { createFileRoute } from '@tanstack/react-router'
import { objectOf, optionalText } from '../lib/route-schemas.ts'
import { PublicCard } from '../components/account/PublicCard.tsx'
import { ResendVerificationForm } from '../components/account/ResendVerificationForm.tsx'

/** Outside the shell: it works signed out (the path starts with /user, but only the shell's routes need a session). */
export const Route = createFileRoute('/user/resend-verification')({
  validateSearch: objectOf({ email: optionalText(254) }),
  component: ResendVerificationPage,
})

function ResendVerificationPage() {
  const { email } = Route.useSearch()
  return (
    <PublicCard title="Resend Verification Email" description="Enter the e-mail address you registered with and we will send a new verification link.">
      <ResendVerificationForm initialEmail={email} />
    </PublicCard>
  )
}
