import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { IconCircleCheck, IconCircleX, IconPackages } from '@tabler/icons-react'
import type { User } from '../../../contract/auth.ts'
import { userQueryOptions } from '../../queries/users.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'
import { AttemptGrantsSection } from './AttemptGrantsSection.tsx'
import { RoleBadge } from './RoleBadge.tsx'
import { UserAttemptsSection } from './UserAttemptsSection.tsx'
import { Avatar } from '../ui/Avatar.tsx'
import { UserPackagesSection } from './UserPackagesSection.tsx'
import { UserRoleSection } from './UserRoleSection.tsx'

/** `/user/detail?id=`: one user's profile, role, packages and recent attempts. */
export function UserDetailPage({ id }: { id: number }) {
  const { data: user } = useSuspenseQuery(userQueryOptions(id))
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={user.name}
        subtitle={`User #${user.id}`}
        actions={
          <ButtonLink to="/admin/package-assigner" search={{ q: user.email }} leftSection={<IconPackages size={16} />}>
            Assign packages
          </ButtonLink>
        }
      />
      <ProfileSection user={user} />
      <UserRoleSection user={user} />
      <UserPackagesSection user={user} />
      <UserAttemptsSection userId={user.id} />
      <AttemptGrantsSection userId={user.id} />
    </Stack>
  )
}

/** Without `?id=`: nothing to show but the way to the users. */
export function NoUserChosen() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title="User" />
      <EmptyState action={<BackToUsers />}>No user chosen. Open one from the users table.</EmptyState>
    </Stack>
  )
}

export function UserDetailPending() {
  return (
    <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading user">
      <Skeleton height={32} width="40%" />
      <Skeleton height={140} />
      <Skeleton height={200} />
    </Stack>
  )
}

/** The user could not be read: a 404 names the missing user (e.g. 'User not found with id 9'); both ways offer the way back. */
export function UserDetailError(props: ErrorComponentProps) {
  return (
    <RouteLoadError
      {...props}
      header={<PageHeader title="User" />}
      failureText="Failed to fetch users"
      actions={<BackToUsers />}
      notFoundAction={<BackToUsers />}
    />
  )
}

const BackToUsers = () => (
  <ButtonLink to="/admin/paginated-users" variant="light">
    Back to Users Details
  </ButtonLink>
)

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }} c={value ? undefined : 'dimmed'}>
        {value || 'Not set'}
      </Text>
    </div>
  )
}

function ProfileSection({ user }: { user: User }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Profile">
      <Stack gap="md">
        <Group wrap="nowrap" align="center">
          <Avatar user={user} alt={`${user.name}'s picture`} size={72} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="lg">
                {user.name}
              </Text>
              <RoleBadge role={user.role} />
            </Group>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <div>
              {user.emailVerified ? (
                <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
                  E-mail verified
                </Badge>
              ) : (
                <Badge color="orange" variant="light" leftSection={<IconCircleX size={14} />}>
                  E-mail not verified
                </Badge>
              )}
            </div>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label="Given name" value={user.givenName} />
          <Field label="Family name" value={user.familyName} />
        </SimpleGrid>
      </Stack>
    </Card>
  )
}
