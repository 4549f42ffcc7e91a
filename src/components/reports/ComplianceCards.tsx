import { Paper, Stack, Text } from '@mantine/core'
import type { ComplianceRow } from '../../../contract/compliance.ts'
import { shortDate } from '../../lib/due-words.ts'
import { AssignmentState } from '../ui/AssignmentState.tsx'

/**
 * The compliance rows on a phone: one card per assignment with its status first under the learner, where a
 * 760 px table would have left the status off-screen behind a sideways scroll.
 */
export function ComplianceCards({ rows }: { rows: ComplianceRow[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Compliance">
      {rows.map((row) => (
        <Paper
          key={`${row.userId}:${row.packageId}`}
          component="li"
          withBorder
          radius="md"
          p="sm"
          aria-label={`${row.name}, ${row.packageTitle}`}
        >
          <Stack gap={4}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.email}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.packageTitle}
            </Text>
            <AssignmentState state={row} />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {`${row.groups.length ? row.groups.join(', ') : 'Direct'} · ${row.percent}% · assigned ${shortDate(row.assignedAt)}`}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}
