import { useState } from 'react'
import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { PackageBasic, User } from '../../../contract/auth.ts'
import { dueSettingWords, reminderSentence } from '../../lib/due-words.ts'
import { Money } from '../ui/Money.tsx'
import { useSetDirectAssignment, useUnassignPackage } from '../../queries/users.ts'
import { AssignmentState } from '../ui/AssignmentState.tsx'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { DueSettingsForm } from '../ui/DueSettingsForm.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { LearnerPackageProgress } from './LearnerPackageProgress.tsx'
import { useFocusBack } from '../ui/useFocusBack.ts'

/**
 * The packages assigned to the user, each with its status, due date and where it comes from (directly, through which
 * groups), the user's progress in it, the direct due settings editable, and Unassign for a direct assignment (one
 * that only groups give is taken away in the group).
 */
export function UserPackagesSection({ user }: { user: User }) {
  // The package stays named while the dialog animates closed.
  const [removing, setRemoving] = useState<PackageBasic | null>(null)
  const [confirming, setConfirming] = useState(false)
  const unassign = useUnassignPackage({
    successMessage: 'Package unassigned',
    errorMessage: 'Failed to unassign package',
    errorReason: 'title',
  })
  const ask = (pkg: PackageBasic) => {
    setRemoving(pkg)
    setConfirming(true)
  }

  function confirm() {
    if (!removing) return
    unassign.mutate(
      { userId: user.id, packageId: removing.id },
      {
        onSuccess: () => setConfirming(false),
      },
    )
  }

  const keptThrough = removing?.groups.map((g) => g.name).join(', ')

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
              <UserPackageRow key={pkg.id} userId={user.id} pkg={pkg} onUnassign={() => ask(pkg)} />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Unassign package"
        message={`Unassign “${removing?.title ?? ''}” from ${user.name}?`}
        detail={
          keptThrough
            ? `They keep it through the group(s) ${keptThrough}, with the group's due date.`
            : 'They lose access to its content at once. You can assign it again later.'
        }
        confirmLabel="Unassign"
        danger
        loading={unassign.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  )
}

/** One assigned package: its state, where it comes from, the learner's progress, and its direct due editor. */
function UserPackageRow({ userId, pkg, onUnassign }: { userId: number; pkg: PackageBasic; onUnassign: () => void }) {
  const [editing, setEditing] = useState(false)
  const editButton = useFocusBack(editing)
  const saveDue = useSetDirectAssignment()
  const editLabel = pkg.direct ? 'Edit due date' : 'Assign directly with a due date'
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={pkg.title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              <AnchorLink to="/package/$id" params={{ id: pkg.id }} fw={600}>
                {pkg.title}
              </AnchorLink>
              <Text size="sm" c="dimmed">
                #{pkg.id} · <Money value={pkg.price} />
              </Text>
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {pkg.description}
            </Text>
            <AssignmentState state={pkg} />
            <Sources pkg={pkg} />
            <LearnerPackageProgress userId={userId} packageId={pkg.id} title={pkg.title} />
          </Stack>
          <Stack gap={6} style={{ flexShrink: 0 }}>
            <Button
              ref={editButton}
              variant="light"
              size="xs"
              onClick={() => setEditing((open) => !open)}
              aria-label={`${editLabel} of ${pkg.title}`}
              aria-expanded={editing}
            >
              {editLabel}
            </Button>
            {pkg.direct ? (
              <Button variant="light" color="red" size="xs" onClick={onUnassign} aria-label={`Unassign ${pkg.title}`}>
                Unassign
              </Button>
            ) : null}
          </Stack>
        </Group>
        {editing ? (
          <DueSettingsForm
            idPrefix={`direct-due-${pkg.id}`}
            label={`Direct due date of ${pkg.title}`}
            initial={pkg.directDue}
            submitLabel="Save due date"
            loading={saveDue.isPending}
            focusOnOpen
            onCancel={() => setEditing(false)}
            onSubmit={(_id, settings) => saveDue.mutateAsync({ userId, packageId: pkg.id, settings }).then(() => setEditing(false))}
          />
        ) : null}
      </Stack>
    </Paper>
  )
}

/** Where the assignment comes from, in words: directly (with its own due setting and reminders) and each group. */
function Sources({ pkg }: { pkg: PackageBasic }) {
  return (
    <Stack gap={2}>
      {pkg.direct && pkg.directDue ? (
        <Text size="sm">
          Assigned directly: {dueSettingWords(pkg.directDue)}
          {pkg.directDue.dueAt || pkg.directDue.dueDays
            ? `; ${pkg.directDue.reminderDays.length ? `reminders ${reminderSentence(pkg.directDue.reminderDays)}` : 'no reminders'}`
            : ''}
        </Text>
      ) : null}
      {pkg.groups.length ? (
        <Text size="sm">
          Through {pkg.groups.length === 1 ? 'the group' : 'the groups'}{' '}
          {pkg.groups.map((g, i) => (
            <span key={g.id}>
              {i > 0 ? ', ' : null}
              <AnchorLink to="/groups/$id" params={{ id: g.id }}>
                {g.name}
              </AnchorLink>
            </span>
          ))}
          {pkg.direct ? null : ' (remove it in the group to take it away)'}
        </Text>
      ) : null}
    </Stack>
  )
}
