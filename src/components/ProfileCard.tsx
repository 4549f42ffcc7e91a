import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { currentUserQueryOptions } from '../queries/user.ts'
import { LoadFailed } from './ui/LoadFailed.tsx'
import { Avatar } from './ui/Avatar.tsx'

/** The current user's picture, name and e-mail. */
export function ProfileCard() {
  const { data: user, isPending, isError, isFetching, refetch } = useQuery(currentUserQueryOptions())
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Your profile" component="section">
      {isPending ? (
        <Group>
          <Skeleton circle height={64} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={16} width="40%" />
            <Skeleton height={12} width="60%" />
          </Stack>
        </Group>
      ) : isError || !user ? (
        <LoadFailed onRetry={() => void refetch()} retrying={isFetching}>
          Failed to load user information.
        </LoadFailed>
      ) : (
        <Group wrap="nowrap">
          <Avatar user={user} alt={user.name} size={64} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="lg">
                {user.name}
              </Text>
              <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'indigo'}>
                {user.role === 'admin' ? 'Admin' : 'Learner'}
              </Badge>
            </Group>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
        </Group>
      )}
    </Card>
  )
}
