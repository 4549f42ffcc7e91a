import { createFileRoute } from '@tanstack/react-router'
import { objectOf, optionalText } from '../lib/route-schemas.ts'
import { ResendVerificationPage } from '../components/account/PublicPages.tsx'

/** Outside the shell: it works signed out (the path starts with /user, but only the shell's routes need a session). */
export const Route = createFileRoute('/user/resend-verification')({
  validateSearch: objectOf({ email: optionalText(254) }),
  component: ResendVerificationRoute,
})

function ResendVerificationRoute() {
  const { email } = Route.useSearch()
  return <ResendVerificationPage email={email} />
}
