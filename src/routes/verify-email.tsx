import { createFileRoute } from '@tanstack/react-router'
import { objectOf, optionalText } from '../lib/route-schemas.ts'
import { PublicCard } from '../components/account/PublicCard.tsx'
import { VerifyEmailStatus } from '../components/account/VerifyEmailStatus.tsx'

/** The page the verification mail links to (`APP_URL/verify-email?token=…`); works signed out. */
export const Route = createFileRoute('/verify-email')({
  validateSearch: objectOf({ token: optionalText(200) }),
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { token } = Route.useSearch()
  return (
    <PublicCard title="Verify your e-mail">
      <VerifyEmailStatus token={token} />
    </PublicCard>
  )
}
