import { Group, List, ScrollArea, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react'
import type { McqUploadResult } from '../../../contract/media.ts'
import { ImportChecking, ImportFigure as Figure, ImportPanel as Panel, ImportRefused } from '../ui/ImportPreview.tsx'

/** Skipped rows with their reasons: every line is in the page; long lists scroll inside their box. */
function SkipList({ title, lines }: { title: string; lines: string[] }) {
  if (!lines.length) return null
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {/* A keyboard user scrolls it too: the viewport takes focus and is named by the list's title. */}
      <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': title }}>
        <List size="sm" spacing={2} aria-label={title} styles={{ itemWrapper: { overflowWrap: 'anywhere' } }}>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Stack>
  )
}

export type McqPreviewState = { status: 'checking' } | { status: 'failed'; message: string } | { status: 'ready'; summary: McqUploadResult }

/** What an import will do, as the server's dry run answers it, before anything is stored. */
export function McqPreview({ state }: { state: McqPreviewState }) {
  if (state.status === 'checking') return <ImportChecking />
  if (state.status === 'failed') return <ImportRefused message={state.message} />
  const { summary } = state
  const rows = summary.uploaded + summary.skipped
  return (
    <Panel label="Preview" icon={<IconFileSpreadsheet size={16} aria-hidden />}>
      <Group gap="xs">
        <Figure label="Rows" value={rows} color="gray" />
        <Figure label="To upload" value={summary.uploaded} color="teal" />
        <Figure label="To skip" value={summary.skipped} color={summary.skipped ? 'orange' : 'gray'} />
        <Figure label="With explanation" value={summary.withExplanation} color={summary.withExplanation ? 'blue' : 'gray'} />
      </Group>
      {rows === 0 ? (
        <Text size="sm" c="dimmed">
          The sheet has no question rows under its header.
        </Text>
      ) : null}
      <SkipList title="Rows that will be skipped" lines={summary.skippedDetails} />
    </Panel>
  )
}

/** The server's answer to an import: uploaded, skipped and every skipped line. */
export function McqResult({ result }: { result: McqUploadResult }) {
  return (
    <Panel label="Upload result" icon={<IconCircleCheck size={16} aria-hidden />}>
      <Group gap="xs">
        <Figure label="Uploaded" value={result.uploaded} color="teal" />
        <Figure label="Skipped" value={result.skipped} color={result.skipped ? 'orange' : 'gray'} />
        <Figure label="With explanation" value={result.withExplanation} color={result.withExplanation ? 'blue' : 'gray'} />
      </Group>
      <SkipList title="Skipped rows" lines={result.skippedDetails} />
    </Panel>
  )
}
