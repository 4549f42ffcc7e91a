import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconFileTypePdf } from '@tabler/icons-react'
import type { SubTopic } from '../../../../contract/content.ts'

/**
 * A sub-topic's study materials (the latest version of each, as in its zip), each a link that opens the PDF in
 * the browser's own viewer in a new tab. Nothing when the sub-topic has none.
 */
export function MaterialLinks({ subTopic }: { subTopic: SubTopic }) {
  const latest = subTopic.studyMaterials.filter((m) => m.isLatest)
  if (latest.length === 0) return null
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Study materials of ${subTopic.title}`}>
      {latest.map((material) => (
        <li key={material.id}>
          <Anchor href={material.pdfUrl} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={6} wrap="nowrap" component="span">
              <IconFileTypePdf size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                {material.name} <VisuallyHidden component="span">(PDF, opens in a new tab)</VisuallyHidden>
              </Text>
            </Group>
          </Anchor>
        </li>
      ))}
    </Stack>
  )
}
