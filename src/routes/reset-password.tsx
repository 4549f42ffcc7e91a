import { createFileRoute } from '@tanstack/react-router'
import { objectOf, optionalText } from '../lib/route-schemas.ts'
import { PublicCard } from '../components/account/PublicCard.tsx'
import { ResetPasswordForm } from '../components/account/ResetPasswordForm.tsx'

/** The page the reset mail links to (`APP_URL/reset-password?token=…`): choose a new password. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: objectOf({ token: optionalText(200) }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <PublicCard title="Choose a new password">
      <ResetPasswordForm token={token} />
    </PublicCard>
  )
}
