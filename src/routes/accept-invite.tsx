import { createFileRoute } from '@tanstack/react-router'
import { objectOf, optionalText } from '../lib/route-schemas.ts'
import { AcceptInvitationPage } from '../components/account/PublicPages.tsx'

export const Route = createFileRoute('/accept-invite')({
  validateSearch: objectOf({ token: optionalText(200) }),
  component: AcceptInvitationRoute,
})

function AcceptInvitationRoute() {
  const { token } = Route.useSearch()
  return <AcceptInvitationPage token={token} />
}
