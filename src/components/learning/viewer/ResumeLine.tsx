import { Button, Group, Text } from '@mantine/core'
import { formatClock } from './progress-lookup.ts'

/**
 * 'Resumed at 3:12 · Start over' under the player. The live region stays mounted from one video to the next, so a
 * screen reader announces each new line politely (it is news, not an alert).
 */
export function ResumeLine({ at, onStartOver }: { at: number; onStartOver: () => void }) {
  return (
    <div aria-live="polite">
      {at > 0 ? (
        <Group gap={6} mt="xs">
          <Text size="sm" c="dimmed">
            Resumed at {formatClock(at)} ·
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onStartOver}>
            Start over
          </Button>
        </Group>
      ) : null}
    </div>
  )
}
