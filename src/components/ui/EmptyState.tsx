import type { ReactNode } from 'react'
import { Paper, Stack, Text } from '@mantine/core'

/** The one way to show "nothing here" (each screen's empty text) or an inline load failure. */
export function EmptyState({ children, action, tone = 'empty' }: { children: ReactNode; action?: ReactNode; tone?: 'empty' | 'error' }) {
  return (
    <Paper withBorder radius="md" p="xl" style={{ borderStyle: tone === 'empty' ? 'dashed' : 'solid' }}>
      <Stack align="center" gap="sm">
        <Text c={tone === 'error' ? 'red' : 'dimmed'} ta="center" role={tone === 'error' ? 'alert' : undefined}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  )
}
