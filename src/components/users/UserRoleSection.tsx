import { useEffect, useState } from 'react'
import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { ROLES, type Role, type User } from '../../../contract/auth.ts'
import { getStoredUser } from '../../api/session.ts'
import { useChangeRole } from '../../queries/users.ts'

const ROLE_LABELS: Record<Role, string> = { admin: 'admin (administrator)', USER: 'USER (learner)' }

/** The user's role, changeable (the server refuses to demote the last admin). */
export function UserRoleSection({ user }: { user: User }) {
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
