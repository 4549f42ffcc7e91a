import { useState } from 'react'
import { Button, Card, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { GroupDetail, GroupPackage } from '../../../contract/groups.ts'
import { dueSettingWords, reminderSentence } from '../../lib/due-words.ts'
import { useRemoveGroupPackage, useSetGroupPackage } from '../../queries/groups.ts'
import { packagesQueryOptions } from '../../queries/packages.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { DueSettingsForm } from '../ui/DueSettingsForm.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { useFocusBack } from '../ui/useFocusBack.ts'

/** The group's packages with their due settings and reminders in words; assign one, change its settings, unassign it. */
export function GroupPackagesSection({ group }: { group: GroupDetail }) {
  const packages = useQuery(packagesQueryOptions())
  const save = useSetGroupPackage()
  const remove = useRemoveGroupPackage()
  const [removing, setRemoving] = useState<GroupPackage | null>(null)
  const [confirming, setConfirming] = useState(false)

  const given = new Set(group.packages.map((p) => p.packageId))
  const choices = (packages.data ?? []).filter((p) => !given.has(p.id)).map((p) => ({ id: p.id, title: p.title }))

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="group-packages-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="group-packages-heading">
          Packages ({group.packages.length})
        </Title>
        {group.packages.length === 0 ? (
          <Text c="dimmed">No packages assigned to this group yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Group packages">
            {group.packages.map((pkg) => (
              <GroupPackageRow
                key={pkg.packageId}
                groupId={group.id}
                pkg={pkg}
                onUnassign={() => {
                  setRemoving(pkg)
                  setConfirming(true)
                }}
              />
            ))}
          </Stack>
        )}
        <Divider />
        <Title order={3} size="h5">
          Assign a package
        </Title>
        {packages.isError ? (
          <LoadFailed onRetry={() => void packages.refetch()} retrying={packages.isFetching}>
            Failed to fetch packages
          </LoadFailed>
        ) : (
          <DueSettingsForm
            idPrefix="assign-group-package"
            label="Assign a package to the group"
            choices={choices}
            initial={null}
            submitLabel="Assign package"
            loading={save.isPending}
            onSubmit={(packageId, settings) => save.mutateAsync({ id: group.id, packageId: packageId!, settings })}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Unassign package"
        message={`Unassign “${removing?.title ?? ''}” from ${group.name}?`}
        detail="Members keep it only if they have it directly or through another group. Their progress is kept."
        confirmLabel="Unassign"
        danger
        loading={remove.isPending}
        onConfirm={() =>
          removing && remove.mutate({ id: group.id, packageId: removing.packageId }, { onSuccess: () => setConfirming(false) })
        }
        onCancel={() => setConfirming(false)}
      />
    </Card>
  )
}

/** One package of the group: its due setting and reminders in words, or its editor in their place. */
function GroupPackageRow({ groupId, pkg, onUnassign }: { groupId: number; pkg: GroupPackage; onUnassign: () => void }) {
  const [editing, setEditing] = useState(false)
  const editButton = useFocusBack(editing)
  const save = useSetGroupPackage()
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={pkg.title}>
      {editing ? (
        <Stack gap="xs">
          {/* The package's name stays in sight while its due date is edited. */}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {pkg.title}
          </Text>
          <DueSettingsForm
            idPrefix={`group-package-${pkg.packageId}`}
            label={`Due date of ${pkg.title}`}
            initial={pkg}
            submitLabel="Save"
            loading={save.isPending}
            focusOnOpen
            onCancel={() => setEditing(false)}
            onSubmit={(_id, settings) =>
              save.mutateAsync({ id: groupId, packageId: pkg.packageId, settings }).then(() => setEditing(false))
            }
          />
        </Stack>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <AnchorLink to="/package/$id" params={{ id: pkg.packageId }} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {pkg.title}
            </AnchorLink>
            <Text size="sm">{dueSettingWords(pkg)}</Text>
            <Text size="sm" c="dimmed">
              {pkg.reminderDays.length ? `Reminders: ${reminderSentence(pkg.reminderDays)}` : 'No reminders'}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              ref={editButton}
              size="xs"
              variant="light"
              aria-label={`Edit due date of ${pkg.title}`}
              onClick={() => setEditing(true)}
            >
              Edit due date
            </Button>
            <Button size="xs" variant="light" color="red" aria-label={`Unassign ${pkg.title}`} onClick={onUnassign}>
              Unassign
            </Button>
          </Group>
        </Group>
      )}
    </Paper>
  )
}
