import type { ReactNode } from 'react'
import { Stack, Title } from '@mantine/core'
import { ProfileCard } from '../ProfileCard.tsx'

/** `/dashboard`: the admin's profile card above the figures (or their loading or failed state). */
export function AdminDashboard({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Admin dashboard
      </Title>
      <ProfileCard />
      {children}
    </Stack>
  )
}
