import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { getRole } from '../../api/session.ts'

/** Admin-only screens: learners are sent to their own dashboard (the server enforces roles on every call). */
export const Route = createFileRoute('/_shell/_admin')({
  beforeLoad: () => {
    if (getRole() !== 'admin') throw redirect({ to: '/user/my-dashboard' })
  },
  component: Outlet,
})
