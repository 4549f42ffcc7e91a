import { useMemo, useState } from 'react'
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { IconDownload, IconExternalLink, IconFileTypePdf, IconTrash } from '@tabler/icons-react'
import type { StudyMaterial } from '../../../contract/content.ts'
import { formatDateTime } from '../../lib/format.ts'
import { safeFileName, saveBlob } from '../../lib/save-file.ts'
import { useDeleteStudyMaterial } from '../../queries/study-materials.ts'
import { useDownloadMaterialsZip } from '../../queries/materials-zip.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'

/** By name, newest version first, so each material's versions sit together under its latest. */
const byNameThenVersion = (a: StudyMaterial, b: StudyMaterial) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || b.version - a.version

/**
 * A sub-topic's study materials (name, version, latest; open) and 'Download' of the latest ones as a zip. Given
 * the `skillId` whose lists refresh after a change (the Upload Content page), each also has Delete, which asks first.
 */
export function MaterialList({
  subTopic,
  skillId,
}: {
  subTopic: { id: number; title: string; studyMaterials: StudyMaterial[] }
  skillId?: number
}) {
  const materials = useMemo(() => [...subTopic.studyMaterials].sort(byNameThenVersion), [subTopic.studyMaterials])
  const [deleting, setDeleting] = useState<StudyMaterial | null>(null)
  const zip = useDownloadMaterialsZip()

  function downloadAll() {
    zip.mutate(subTopic.id, {
      onSuccess: (blob) => saveBlob(blob, `${safeFileName(subTopic.title, 'study-materials')}.zip`),
    })
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {materials.length ? `${materials.filter((m) => m.isLatest).length} latest of ${materials.length}` : null}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={downloadAll}
          loading={zip.isPending}
          disabled={!materials.length}
          aria-label={`Download all study materials of ${subTopic.title} as a zip`}
        >
          Download
        </Button>
      </Group>
      {materials.length === 0 ? (
        <EmptyState>No study materials yet.</EmptyState>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Study materials">
          {materials.map((material) => (
            <Paper key={material.id} withBorder radius="md" px="sm" py={8} component="li" style={{ opacity: material.isLatest ? 1 : 0.75 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileTypePdf size={20} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-red-6)' }} />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {material.name}
                      </Text>
                      <Badge variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
                        v{material.version}
                      </Badge>
                      {material.isLatest ? (
                        <Badge variant="light" color="teal" size="sm" style={{ textTransform: 'none' }}>
                          latest
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      Added {formatDateTime(material.createdAt)}
                    </Text>
                  </div>
                </Group>
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Anchor
                    style={{ whiteSpace: 'nowrap' }}
                    href={material.pdfUrl}
                    target="_blank"
                    rel="noreferrer"
                    size="sm"
                    aria-label={`Open PDF ${material.name} version ${material.version}`}
                  >
                    <Group gap={4} wrap="nowrap">
                      Open PDF <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                  {skillId !== undefined ? (
                    <Tooltip label="Delete study material">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(material)}
                        aria-label={`Delete ${material.name} version ${material.version}`}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {skillId !== undefined ? <DeleteMaterialDialog skillId={skillId} material={deleting} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  )
}

function DeleteMaterialDialog({ skillId, material, onClose }: { skillId: number; material: StudyMaterial | null; onClose: () => void }) {
  const remove = useDeleteStudyMaterial(skillId)

  function confirmDelete() {
    if (!material) return
    remove.mutate(material, {
      onSuccess: () => {
        onClose()
      },
    })
  }

  return (
    <ConfirmDialog
      opened={material !== null}
      title="Delete study material"
      message={`Are you sure you want to delete '${material?.name ?? ''}' (version ${material?.version ?? ''})?`}
      detail={
        material?.isLatest
          ? 'Its PDF file is removed; the previous version of the same name, if any, becomes the latest.'
          : 'Its PDF file is removed.'
      }
      confirmLabel="Delete"
      danger
      loading={remove.isPending}
      onConfirm={confirmDelete}
      onCancel={onClose}
    />
  )
}
