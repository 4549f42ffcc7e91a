import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../components/shell/AppLayout.tsx'
import { getToken } from '../api/session.ts'

/** Pathless layout: every signed-in screen sits in the shell; signed-out visitors go to `/`. */
export const Route = createFileRoute('/_shell')({
  beforeLoad: () => {
    if (!getToken()) throw redirect({ to: '/' })
  },
  component: AppLayout,
})
