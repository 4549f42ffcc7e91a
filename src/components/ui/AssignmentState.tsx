import { Badge, Group, Text } from '@mantine/core'
import type { AssignmentStatus } from '../../../contract/assignments.ts'
import { STATUS_LABELS, dueWords, shortDate, type DueState } from '../../lib/due-words.ts'

const COLORS: Record<AssignmentStatus, string> = {
  'not-started': 'gray',
  'in-progress': 'blue',
  completed: 'teal',
  overdue: 'red',
}

/**
 * An assigned package's status and due date in words: 'Overdue since 3 Dec', 'Completed', 'In progress · Due 5 Dec'.
 * The colour only repeats what the words say.
 */
export function AssignmentState({ state }: { state: DueState }) {
  const { status, dueAt } = state
  const label = status === 'overdue' || status === 'completed' ? dueWords(state) : STATUS_LABELS[status]
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={COLORS[status]} variant={status === 'overdue' ? 'filled' : 'light'} tt="none">
        {label}
      </Badge>
      {dueAt && status !== 'overdue' && status !== 'completed' ? <Text size="sm">Due {shortDate(dueAt)}</Text> : null}
    </Group>
  )
}
