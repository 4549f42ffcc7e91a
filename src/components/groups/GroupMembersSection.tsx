import { useRef, useState } from 'react'
import { Button, Card, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconSearch } from '@tabler/icons-react'
import type { GroupDetail } from '../../../contract/groups.ts'
import { filterUsers } from '../../lib/user-search.ts'
import { useAddGroupMembers, useRemoveGroupMember } from '../../queries/groups.ts'
import { allUsersQueryOptions } from '../../queries/users.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

/** At most this many search results are listed: the admin narrows the search for more. */
const SHOWN_RESULTS = 8

type Member = GroupDetail['members'][number]

/** A group's members: add one by searching every user by name or e-mail, remove one after confirming. */
export function GroupMembersSection({ group }: { group: GroupDetail }) {
  const [query, setQuery] = useState('')
  // The added user's row goes from the results: focus returns to the search for the next one.
  const search = useRef<HTMLInputElement>(null)
  const users = useQuery({ ...allUsersQueryOptions(), enabled: query.trim() !== '' })
  const add = useAddGroupMembers()
  const remove = useRemoveGroupMember()
  const [removing, setRemoving] = useState<Member | null>(null)
  const [confirming, setConfirming] = useState(false)

  const memberIds = new Set(group.members.map((m) => m.id))
  const matches = filterUsers(users.data ?? [], query).filter((u) => !memberIds.has(u.id))

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="members-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="members-heading">
          Members ({group.members.length})
        </Title>
        <Stack gap="xs">
          <TextInput
            ref={search}
            type="search"
            label="Add members"
            placeholder="Search users by name or e-mail"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          {query.trim() === '' ? null : users.isError ? (
            <LoadFailed onRetry={() => void users.refetch()} retrying={users.isFetching}>
              Failed to fetch users
            </LoadFailed>
          ) : users.isPending ? (
            <Text size="sm" c="dimmed">
              Searching users…
            </Text>
          ) : (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Matching users">
              {matches.length === 0 ? (
                <Text component="li" size="sm" c="dimmed" aria-live="polite">
                  No users to add match “{query.trim()}”.
                </Text>
              ) : (
                matches.slice(0, SHOWN_RESULTS).map((user) => (
                  <Group key={user.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {user.name} · {user.email}
                    </Text>
                    <Button
                      size="xs"
                      variant="light"
                      style={{ flexShrink: 0 }}
                      aria-label={`Add ${user.name}`}
                      loading={add.isPending && add.variables?.userIds[0] === user.id}
                      onClick={() => add.mutate({ id: group.id, userIds: [user.id] }, { onSuccess: () => search.current?.focus() })}
                    >
                      Add
                    </Button>
                  </Group>
                ))
              )}
            </Stack>
          )}
        </Stack>

        {group.members.length === 0 ? (
          <Text c="dimmed">No members yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members">
            {group.members.map((member) => (
              <Paper key={member.id} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <AnchorLink to="/user/detail" search={{ id: member.id }} fw={600}>
                      {member.name}
                    </AnchorLink>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    // A long e-mail beside it wraps; the button keeps its whole label.
                    style={{ flexShrink: 0 }}
                    aria-label={`Remove ${member.name}`}
                    onClick={() => {
                      setRemoving(member)
                      setConfirming(true)
                    }}
                  >
                    Remove
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Remove member"
        message={`Remove ${removing?.name ?? ''} from ${group.name}?`}
        detail="They lose the packages that only this group gives them. Their progress and attempts are kept."
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: group.id, userId: removing.id }, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  )
}
