import { useEffect, useState } from 'react'
import { Badge, Button, Card, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { IconCircleCheck, IconCircleX, IconPackages } from '@tabler/icons-react'
import { objectOf, searchId } from '../../../../lib/route-schemas.ts'
import type { PackageBasic, Role, User } from '../../../../../contract/auth.ts'
import { ROLES } from '../../../../../contract/auth.ts'
import { getStoredUser } from '../../../../api/session.ts'
import { messageOf } from '../../../../api/errors.ts'
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog.tsx'
import { EmptyState } from '../../../../components/ui/EmptyState.tsx'
import { AnchorLink, ButtonLink } from '../../../../components/ui/links.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { RoleBadge } from '../../../../components/users/RoleBadge.tsx'
import { UserAvatar } from '../../../../components/users/UserAvatar.tsx'
import { formatDateTime, formatMoney } from '../../../../lib/format.ts'
import { notify } from '../../../../lib/toast.ts'
import { useChangeRole, userQueryOptions, useUnassignPackage } from '../../../../queries/user.ts'
import { attemptsByUserQueryOptions } from '../../../../queries/attempts.ts'

const detailSearch = objectOf({ id: searchId })

export const Route = createFileRoute('/_shell/_admin/user/detail')({
  validateSearch: detailSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => {
    if (deps.id) void context.queryClient.query(userQueryOptions(deps.id)).catch(() => undefined)
  },
  component: UserDetailPage,
})

const ROLE_LABELS: Record<Role, string> = { admin: 'admin (administrator)', USER: 'USER (learner)' }

function UserDetailPage() {
  const { id } = Route.useSearch()
  if (!id) {
    return (
      <Stack gap="lg" maw={960}>
        <PageHeader title="User" />
        <EmptyState action={<BackToUsers />}>No user chosen. Open one from the users table.</EmptyState>
      </Stack>
    )
  }
  return <UserDetail key={id} id={id} />
}

const BackToUsers = () => (
  <ButtonLink to="/admin/paginated-users" variant="light">
    Back to Users Details
  </ButtonLink>
)

function UserDetail({ id }: { id: number }) {
  const user = useQuery({ ...userQueryOptions(id), retryOnMount: false })

  if (user.isPending) {
    return (
      <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading user">
        <Skeleton height={32} width="40%" />
        <Skeleton height={140} />
        <Skeleton height={200} />
      </Stack>
    )
  }
  if (user.isError) {
    return (
      <Stack gap="lg" maw={960}>
        <PageHeader title="User" />
        <EmptyState
          tone="error"
          action={
            <Group>
              <Button variant="light" onClick={() => void user.refetch()} loading={user.isFetching}>
                Retry
              </Button>
              <BackToUsers />
            </Group>
          }
        >
          {messageOf(user.error, 'Failed to fetch users')}
        </EmptyState>
      </Stack>
    )
  }

  const u = user.data
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={u.name}
        subtitle={`User #${u.id}`}
        actions={
          <ButtonLink to="/admin/package-assigner" search={{ q: u.email }} leftSection={<IconPackages size={16} />}>
            Assign packages
          </ButtonLink>
        }
      />
      <ProfileSection user={u} />
      <RoleSection user={u} />
      <PackagesSection user={u} />
      <AttemptsSection userId={u.id} />
    </Stack>
  )
}

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
          <UserAvatar user={user} size={72} />
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

function RoleSection({ user }: { user: User }) {
  const [role, setRole] = useState<Role>(user.role)
  const changeRole = useChangeRole()
  const navigate = useNavigate()
  useEffect(() => setRole(user.role), [user.role])
  const isSelf = getStoredUser()?.id === user.id

  function save() {
    changeRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: (updated) => {
          notify.success('Role updated')
          // An admin who made themselves a learner can no longer stay on admin screens.
          if (isSelf && updated.role !== 'admin') void navigate({ to: '/user/my-dashboard' })
        },
        onError: () => {
          setRole(user.role)
        },
      },
    )
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="role-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="role-heading">
          Access
        </Title>
        <Text size="sm" c="dimmed">
          Admins manage content, users and assignments; learners (USER) study the packages assigned to them.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Role"
            description={isSelf ? 'This is your own account.' : undefined}
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as Role)}
            data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            style={{ flex: '0 1 16rem' }}
          />
          <Button onClick={save} loading={changeRole.isPending} disabled={role === user.role}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

function PackagesSection({ user }: { user: User }) {
  // The package stays named while the dialog animates closed.
  const [removing, setRemoving] = useState<PackageBasic | null>(null)
  const [confirming, setConfirming] = useState(false)
  const unassign = useUnassignPackage()
  const ask = (pkg: PackageBasic) => {
    setRemoving(pkg)
    setConfirming(true)
  }

  function confirm() {
    if (!removing) return
    unassign.mutate(
      { userId: user.id, packageId: removing.id },
      {
        onSuccess: () => {
          notify.success('Package unassigned')
          setConfirming(false)
        },
      },
    )
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="packages-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="packages-heading">
          Assigned packages ({user.packages.length})
        </Title>
        {user.packages.length === 0 ? (
          <Text c="dimmed">No packages assigned yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {user.packages.map((pkg) => (
              <Paper key={pkg.id} component="li" withBorder radius="md" p="sm" aria-label={pkg.title}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <AnchorLink to="/package/$id" params={{ id: pkg.id }} fw={600}>
                        {pkg.title}
                      </AnchorLink>
                      <Text size="sm" c="dimmed">
                        #{pkg.id} · {formatMoney(pkg.price)}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {pkg.description}
                    </Text>
                  </Stack>
                  <Button variant="light" color="red" size="xs" style={{ flexShrink: 0 }} onClick={() => ask(pkg)} aria-label={`Unassign ${pkg.title}`}>
                    Unassign
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Unassign package"
        message={`Unassign “${removing?.title ?? ''}” from ${user.name}?`}
        detail="They lose access to its content at once. You can assign it again later."
        confirmLabel="Unassign"
        danger
        loading={unassign.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  )
}

/** The user's most recent test attempts, newest first. */
function AttemptsSection({ userId }: { userId: number }) {
  const attempts = useQuery(attemptsByUserQueryOptions(userId))
  const recent = attempts.data?.slice(0, 10) ?? []
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="attempts-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="attempts-heading">
          Recent attempts
        </Title>
        {attempts.isPending ? (
          <Skeleton height={60} />
        ) : attempts.isError ? (
          <Text c="red" role="alert">
            Failed to fetch attempt history
          </Text>
        ) : recent.length === 0 ? (
          <Text c="dimmed">No attempts yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label="Recent attempts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sub-topic</Table.Th>
                  <Table.Th>Attempt Number</Table.Th>
                  <Table.Th>Score</Table.Th>
                  <Table.Th>Attempted At</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>#{a.subTopicId}</Table.Td>
                    <Table.Td>{a.attemptNumber}</Table.Td>
                    <Table.Td>
                      {a.score} / {a.totalMarks}
                    </Table.Td>
                    <Table.Td>{formatDateTime(a.attemptedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  )
}
