import { useEffect, useRef, type ReactNode } from 'react'
import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { focusHeading } from '../../lib/focus-heading.ts'

/**
 * The parts of a spreadsheet import's preview and result (questions, users): the server checks the file in a dry
 * run, so the screens only show what it answers.
 */

/** While the server's dry run reads the file. */
export function ImportChecking({ children = 'Checking the spreadsheet…' }: { children?: ReactNode }) {
  return (
    <Group gap="xs" mih={36} role="status">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  )
}

/** The server refused the whole file (its header, its type, its size): the reason it gave. */
export function ImportRefused({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="This file cannot be imported">
      {message}
    </Alert>
  )
}

/** One count of a preview or result ('To upload: 12'); the label says what it counts, the colour only repeats it. */
export function ImportFigure({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Badge variant="light" color={color} size="lg" radius="sm" style={{ textTransform: 'none' }}>
      {label}: {value}
    </Badge>
  )
}

/**
 * A titled box (a landmark named by its title) holding a preview or a result. `focusOnMount`: focus moves to it
 * when it appears (a result that replaces the button just pressed), so a screen reader reads it next.
 */
export function ImportPanel({
  label,
  icon,
  focusOnMount = false,
  children,
}: {
  label: string
  icon: ReactNode
  focusOnMount?: boolean
  children: ReactNode
}) {
  const box = useRef<HTMLElement>(null)
  useEffect(() => {
    if (focusOnMount && box.current) focusHeading(box.current)
  }, [focusOnMount])
  return (
    <Paper ref={box} withBorder radius="md" p="sm" component="section" aria-label={label}>
      <Stack gap="xs">
        <Group gap={6}>
          {icon}
          <Text size="sm" fw={700}>
            {label}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}
