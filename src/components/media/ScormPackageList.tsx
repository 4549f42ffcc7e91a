import { useState } from 'react'
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { IconPackage, IconTrash } from '@tabler/icons-react'
import type { ScormPackage } from '../../../contract/content.ts'
import { useDeleteScormPackage } from '../../queries/scorm.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'

/** A sub-topic's SCORM packages (title, version, SCOs) on the Upload Content page, each with Delete (asks first). */
export function ScormPackageList({ packages, skillId }: { packages: ScormPackage[]; skillId: number }) {
  const [deleting, setDeleting] = useState<ScormPackage | null>(null)
  const remove = useDeleteScormPackage(skillId)
  if (!packages.length) return <EmptyState>No SCORM packages yet.</EmptyState>
  return (
    <>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="SCORM packages">
        {packages.map((pkg) => (
          <Paper key={pkg.id} withBorder radius="md" px="sm" py={8} component="li">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconPackage size={18} aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {pkg.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {pkg.scos.length} {pkg.scos.length === 1 ? 'SCO' : 'SCOs'}: {pkg.scos.map((s) => s.title).join(', ')}
                  </Text>
                </div>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                  SCORM {pkg.version}
                </Badge>
                <Tooltip label={`Delete ${pkg.title}`}>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${pkg.title}`} onClick={() => setDeleting(pkg)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete SCORM package"
        message={`Are you sure you want to delete '${deleting?.title ?? ''}'?`}
        detail="Its files and every learner's data in it are removed."
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  )
}
