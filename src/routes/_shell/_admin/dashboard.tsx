import { Stack, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { ProfileCard } from '../../../components/ProfileCard.tsx'
import { DashboardFigures } from '../../../components/reports/DashboardFigures.tsx'
import { dashboardQueryOptions } from '../../../queries/reports.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/_admin/dashboard')({
  loader: ({ context }) => {
    void context.queryClient.query(dashboardQueryOptions()).catch(() => undefined)
    return context.queryClient.query(currentUserQueryOptions()).catch(() => undefined)
  },
  component: AdminDashboard,
})

function AdminDashboard() {
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Admin dashboard
      </Title>
      <ProfileCard />
      <DashboardFigures />
    </Stack>
  )
}
