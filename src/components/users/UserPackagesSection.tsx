import { useState } from 'react'
import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { PackageBasic, User } from '../../../contract/auth.ts'
import { Money } from '../ui/Money.tsx'
import { useUnassignPackage } from '../../queries/user.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { LearnerPackageProgress } from './LearnerPackageProgress.tsx'

/** The packages assigned to the user, each with the user's progress in it, each unassignable after confirming. */
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
                    <LearnerPackageProgress userId={user.id} packageId={pkg.id} title={pkg.title} />
                  </Stack>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    style={{ flexShrink: 0 }}
                    onClick={() => ask(pkg)}
                    aria-label={`Unassign ${pkg.title}`}
                  >
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
