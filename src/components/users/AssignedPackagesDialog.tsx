import { useState } from 'react'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { User } from '../../../contract/auth.ts'
import { successToast } from '../../queries/meta.ts'
import { useUnassignPackage } from '../../queries/users.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { usePhone } from '../ui/usePhone.ts'
import { Modal } from '../ui/Modal.tsx'

/** The packages a user has, with title and description, each removable. */
export function AssignedPackagesDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const phone = usePhone()
  const [shown, setShown] = useState<User | null>(user)
  if (user && user !== shown) setShown(user)
  const unassign = useUnassignPackage({
    successToast: successToast<User, { packageId: number }>((_, { packageId }) => ({
      title: `Removed ${shown?.packages.find((p) => p.id === packageId)?.title ?? 'the package'}`,
    })),
    errorMessage: 'Failed to remove package',
    errorReason: 'title',
  })
  const removingId = unassign.isPending ? unassign.variables?.packageId : undefined

  function remove(packageId: number) {
    if (shown) unassign.mutate({ userId: shown.id, packageId })
  }

  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={shown ? `Packages assigned to ${shown.name}` : 'Assigned packages'}
      fullScreen={phone}
      size="lg"
      centered
    >
      {shown ? (
        <Stack gap="md">
          {shown.packages.length === 0 ? (
            <EmptyState>No packages assigned yet.</EmptyState>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Assigned packages">
              {shown.packages.map((pkg) => (
                <Paper key={pkg.id} component="li" withBorder radius="md" p="sm" aria-label={pkg.title}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {pkg.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {pkg.description}
                      </Text>
                    </Stack>
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      onClick={() => remove(pkg.id)}
                      loading={removingId === pkg.id}
                      disabled={unassign.isPending && removingId !== pkg.id}
                      aria-label={`Remove ${pkg.title}`}
                      style={{ flexShrink: 0 }}
                    >
                      Remove
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
