import { createFileRoute } from '@tanstack/react-router'
import { objectOf, optionalText } from '../lib/route-schemas.ts'
import { VerifyEmailFailed, VerifyEmailPage, VerifyEmailPending } from '../components/account/PublicPages.tsx'
import { verifyEmailQueryOptions } from '../queries/account.ts'

export const Route = createFileRoute('/verify-email')({
  validateSearch: objectOf({ token: optionalText(200) }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, deps }) => {
    if (deps.token) await context.queryClient.query({ ...verifyEmailQueryOptions(deps.token), staleTime: 'static' })
  },
  pendingComponent: VerifyEmailPending,
  errorComponent: VerifyEmailFailed,
  component: VerifyEmailRoute,
})

function VerifyEmailRoute() {
  const { token } = Route.useSearch()
  return <VerifyEmailPage token={token} />
}
