import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PublicCard } from '../components/account/PublicCard.tsx'
import { ResetPasswordForm } from '../components/account/ResetPasswordForm.tsx'

/** The page the reset mail links to (`APP_URL/reset-password?token=…`): choose a new password. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
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
