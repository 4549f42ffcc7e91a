import { Stack, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { ProfileCard } from '../../../components/ProfileCard.tsx'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/user/my-dashboard')({
  loader: ({ context }) => context.queryClient.query(currentUserQueryOptions()).catch(() => undefined),
  component: LearnerHome,
})

function LearnerHome() {
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        Home
      </Title>
      <ProfileCard />
    </Stack>
  )
}
