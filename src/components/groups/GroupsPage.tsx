import { useState, type ReactNode } from 'react'
import { Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import type { GroupSummary } from '../../../contract/groups.ts'
import { groupsQueryOptions, useCreateGroup, useDeleteGroup, useUpdateGroup } from '../../queries/groups.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'
import { ScrollTable } from '../ui/ScrollTable.tsx'
import { GroupForm } from './GroupForm.tsx'
import { Modal } from '../ui/Modal.tsx'

const COLUMNS = ['Name', 'Description', 'Members', 'Packages', 'Actions'] as const

/** `/groups`: every group with its counts; create one, rename or delete one. */
export function GroupsPage() {
  const { data: groups } = useSuspenseQuery(groupsQueryOptions())
  const create = useCreateGroup()
  const update = useUpdateGroup()
  const remove = useDeleteGroup()
  // The group stays named while a dialog animates closed.
  const [renaming, setRenaming] = useState<GroupSummary | null>(null)
  const [renameOpen, setRenameOpen] = useState(false)
  const [deleting, setDeleting] = useState<GroupSummary | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)

  return (
    <GroupsFrame>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="create-group-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="create-group-heading">
            Create a group
          </Title>
          <GroupForm
            label="Create group"
            submitLabel="Create group"
            loading={create.isPending}
            resetOnSave
            onSubmit={(input) => create.mutateAsync(input)}
          />
        </Stack>
      </Card>

      <ScrollTable label="Groups" minWidth={640} columns={COLUMNS} stickyAction>
        <Table.Tbody>
          {groups.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  No groups yet. Create one above.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            groups.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>
                  <AnchorLink to="/groups/$id" params={{ id: group.id }} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {group.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {group.description}
                  </Text>
                </Table.Td>
                <Table.Td>{group.memberCount}</Table.Td>
                <Table.Td>{group.packageCount}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="light"
                      size="xs"
                      aria-label={`Rename ${group.name}`}
                      onClick={() => {
                        setRenaming(group)
                        setRenameOpen(true)
                      }}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      aria-label={`Delete ${group.name}`}
                      onClick={() => {
                        setDeleting(group)
                        setDeleteOpen(true)
                      }}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ScrollTable>

      <Modal opened={renameOpen} onClose={() => setRenameOpen(false)} title="Rename group" centered>
        {renaming ? (
          <GroupForm
            key={renaming.id}
            label="Rename group"
            initial={{ name: renaming.name, description: renaming.description }}
            submitLabel="Save"
            loading={update.isPending}
            onCancel={() => setRenameOpen(false)}
            onSubmit={(input) => update.mutateAsync({ id: renaming.id, input }).then(() => setRenameOpen(false))}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleteOpen}
        title="Delete group"
        message={`Delete the group “${deleting?.name ?? ''}”?`}
        detail="Its members lose the packages that only this group gave them. Their progress and attempts are kept."
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleteOpen(false) })}
        onCancel={() => setDeleteOpen(false)}
      />
    </GroupsFrame>
  )
}

function GroupsFrame({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Groups" subtitle="Learners in groups get the group's packages, with its due dates." />
      {children}
    </Stack>
  )
}

export function GroupsPending() {
  return (
    <GroupsFrame>
      <Stack gap="sm" aria-busy="true" aria-label="Loading groups">
        <Skeleton height={160} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    </GroupsFrame>
  )
}

export function GroupsError(props: ErrorComponentProps) {
  return (
    <GroupsFrame>
      <RouteLoadError {...props} failureText="Failed to fetch groups" />
    </GroupsFrame>
  )
}
