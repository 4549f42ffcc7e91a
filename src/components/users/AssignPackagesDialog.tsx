import { useState } from 'react'
import { Alert, Button, Checkbox, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { User } from '../../../contract/auth.ts'
import type { Package } from '../../../contract/content.ts'
import { messageOf } from '../../api/errors.ts'
import { Money } from '../ui/Money.tsx'
import { useAssignPackages } from '../../queries/users.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { usePhone } from '../ui/usePhone.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { Modal } from '../ui/Modal.tsx'

interface AssignPackagesDialogProps {
  /** The user to assign to; the dialog is open while set. */
  user: User | null
  /** Changes on every opening, so the selection starts empty each time (docs/product.md#screens). */
  openCount: number
  packages: UseQueryResult<Package[]>
  onClose: () => void
}

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Checkboxes for the packages this user does not have yet; Assign sends the chosen ones. */
export function AssignPackagesDialog({ user, openCount, packages, onClose }: AssignPackagesDialogProps) {
  const phone = usePhone()
  // The last user stays shown while the dialog animates closed.
  const [shown, setShown] = useState<User | null>(user)
  if (user && user !== shown) setShown(user)
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={shown ? `Assign packages to ${shown.name}` : 'Assign packages'}
      fullScreen={phone}
      size="lg"
      centered
    >
      {shown ? (
        <AssignForm
          key={openCount}
          user={shown}
          packages={packages}
          onDone={onClose}
          listHeight={phone ? 'calc(100dvh - 13rem)' : '55vh'}
        />
      ) : null}
    </Modal>
  )
}

function AssignForm({
  user,
  packages,
  onDone,
  listHeight,
}: {
  user: User
  packages: UseQueryResult<Package[]>
  onDone: () => void
  listHeight: string
}) {
  const [selected, setSelected] = useState<string[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const assign = useAssignPackages({ successMessage: 'Packages assigned!', errorMessage: 'Failed to assign packages' })
  const assignedIds = new Set(user.packages.map((p) => p.id))
  const offered = (packages.data ?? [])
    .filter((p) => !assignedIds.has(p.id))
    .sort((a, b) => byTitle.compare(a.title, b.title) || a.id - b.id)

  function submit() {
    setFailure(null)
    assign.mutate(
      { userId: user.id, packageIds: selected.map(Number) },
      {
        onSuccess: onDone,
        onError: (error) => {
          setFailure(messageOf(error, 'Failed to assign packages'))
        },
      },
    )
  }

  if (packages.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading packages">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  }
  if (packages.isError) {
    return (
      <LoadFailed onRetry={() => void packages.refetch()} retrying={packages.isFetching}>
        Failed to fetch packages
      </LoadFailed>
    )
  }

  return (
    <Stack gap="md">
      {offered.length === 0 ? (
        <EmptyState>{packages.data.length === 0 ? 'No packages found.' : `${user.name} already has every package.`}</EmptyState>
      ) : (
        <Checkbox.Group
          label="Packages not yet assigned"
          description={`${offered.length} available · ${selected.length} chosen`}
          value={selected}
          onChange={setSelected}
        >
          <ScrollArea.Autosize mah={listHeight} mt="xs" type="auto" offsetScrollbars>
            <Stack gap="sm" py={4}>
              {offered.map((pkg) => (
                <Checkbox.Card key={pkg.id} value={String(pkg.id)} radius="md" p="sm" withBorder aria-label={pkg.title}>
                  <Group wrap="nowrap" align="flex-start">
                    <Checkbox.Indicator />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {pkg.title}{' '}
                        <Text span size="xs" c="dimmed">
                          #{pkg.id} · <Money value={pkg.price} />
                        </Text>
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {pkg.description}
                      </Text>
                    </Stack>
                  </Group>
                </Checkbox.Card>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      )}
      {failure ? (
        <Alert color="red" role="alert" title="Failed to assign packages">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={assign.isPending} disabled={selected.length === 0}>
          Assign{selected.length ? ` (${selected.length})` : ''}
        </Button>
      </Group>
    </Stack>
  )
}
