import type { ReactNode } from 'react'
import { Text } from '@mantine/core'

/** A form's validation message (e.g. 'Please select both video and thumbnail'), read out when it appears. */
export function FormMessage({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <Text size="sm" c="red" role="alert">
      {children}
    </Text>
  )
}
