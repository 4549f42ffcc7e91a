import { Badge, Group } from '@mantine/core'
import type { McqAttempt } from '../../../contract/learning.ts'

/** Passed or not against the pass mark, stated in words (never by colour alone). */
export function PassedBadge({ passed }: { passed: boolean }) {
  return (
    <Badge color={passed ? 'teal' : 'orange'} variant="light">
      {passed ? 'Passed' : 'Not passed yet'}
    </Badge>
  )
}

/** An attempt's outcome in a list: passed or not (where the review policy shows it), late, practice. */
export function AttemptBadges({ attempt }: { attempt: Pick<McqAttempt, 'passed' | 'late' | 'practice'> }) {
  return (
    <Group gap={4} wrap="wrap">
      {attempt.passed !== undefined ? <PassedBadge passed={attempt.passed} /> : null}
      {attempt.late ? (
        <Badge color="gray" variant="outline">
          Late
        </Badge>
      ) : null}
      {attempt.practice ? (
        <Badge color="gray" variant="light">
          Practice
        </Badge>
      ) : null}
    </Group>
  )
}
