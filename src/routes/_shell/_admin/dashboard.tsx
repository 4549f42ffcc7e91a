import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { AdminDashboard } from '../../../components/reports/AdminDashboard.tsx'
import { DashboardFigures, DashboardFiguresPending } from '../../../components/reports/DashboardFigures.tsx'
import { RouteLoadError } from '../../../components/ui/RouteLoadError.tsx'
import { dashboardQueryOptions } from '../../../queries/reports.ts'

export const Route = createFileRoute('/_shell/_admin/dashboard')({
  loader: ({ context }) => context.queryClient.query({ ...dashboardQueryOptions(), staleTime: 'static' }),
  // Only the figures' skeleton: the profile card mounts once, with the page, so it never swaps trees mid-load.
  pendingComponent: DashboardFiguresPending,
  errorComponent: DashboardError,
  component: DashboardRoute,
})

function DashboardRoute() {
  return (
    <AdminDashboard>
      <DashboardFigures />
    </AdminDashboard>
  )
}

/** The figures failed: the profile card stays, the failure and Retry take the figures' place. */
function DashboardError(props: ErrorComponentProps) {
  return (
    <AdminDashboard>
      <RouteLoadError {...props} failureText="Failed to load dashboard figures" />
    </AdminDashboard>
  )
}
