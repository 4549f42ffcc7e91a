import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link, createFileRoute } from '@tanstack/react-router'
import { ProfileCard } from '../../../components/ProfileCard.tsx'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/_admin/dashboard')({
  loader: ({ context }) => context.queryClient.query(currentUserQueryOptions()).catch(() => undefined),
  component: AdminDashboard,
})

const SHORTCUTS = [
  { to: '/package', title: 'Upload Content', text: 'Build packages: skills, topics, sub-topics, videos, PDFs and questions.' },
  { to: '/admin/package-assigner', title: 'Assign Packages', text: 'Give learners access to the packages they should study.' },
  { to: '/admin/paginated-users', title: 'Users Details', text: 'See everyone who has an account.' },
  { to: '/reports', title: 'Reports', text: 'Follow tests taken and scores per package.' },
] as const

function AdminDashboard() {
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Admin dashboard
      </Title>
      <ProfileCard />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SHORTCUTS.map((s) => (
          <Card key={s.to} withBorder radius="md" padding="lg">
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Text fw={600}>{s.title}</Text>
                <Text size="sm" c="dimmed">
                  {s.text}
                </Text>
              </div>
              <Group>
                <Button component={Link} to={s.to} variant="light" size="xs">
                  Open {s.title}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
