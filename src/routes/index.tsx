import { createFileRoute, redirect } from '@tanstack/react-router'
import { AuthPanel } from '../components/landing/AuthPanel.tsx'
import { getRole, getToken, homeFor } from '../api/session.ts'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: homeFor(getRole()) })
  },
  component: AuthPanel,
})
