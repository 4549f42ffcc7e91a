import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '../components/account/PublicPages.tsx'

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
})
