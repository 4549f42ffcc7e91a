import type { ReactNode } from 'react'
import { Stack, Title } from '@mantine/core'

/** `/dashboard`: the page title above the figures (or their loading or failed state). */
export function AdminDashboard({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Admin dashboard
      </Title>
      {children}
    </Stack>
  )
}
