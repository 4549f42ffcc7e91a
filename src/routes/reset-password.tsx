import { createFileRoute } from '@tanstack/react-router'
import { objectOf, optionalText } from '../lib/route-schemas.ts'
import { ResetPasswordPage } from '../components/account/PublicPages.tsx'

export const Route = createFileRoute('/reset-password')({
  validateSearch: objectOf({ token: optionalText(200) }),
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { token } = Route.useSearch()
  return <ResetPasswordPage token={token} />
}
