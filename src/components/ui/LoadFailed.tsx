import type { ReactNode } from 'react'
import { Button, Group } from '@mantine/core'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { EmptyState } from './EmptyState.tsx'

interface LoadFailedProps {
  /** The failure text, e.g. 'Failed to load reviews'. */
  children: ReactNode
  /** Reads the failed data again (a section's query `refetch`). */
  onRetry?: () => void
  /** Inside a route's error view: the route's `reset`; Retry then runs the route's loader again. */
  reset?: () => void
  /** True while the retry is under way. */
  retrying?: boolean
  /** Shown beside Retry, e.g. a way back. */
  actions?: ReactNode
}

/** The one view of data that could not be loaded: the failure text, announced, and a Retry that reads it again. */
export function LoadFailed({ children, onRetry, reset, retrying, actions }: LoadFailedProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  function retry() {
    if (onRetry) return onRetry()
    queryReset.reset()
    reset?.()
    void router.invalidate()
  }
  return (
    <EmptyState
      tone="error"
      action={
        <Group gap="xs" justify="center">
          <Button variant="light" onClick={retry} loading={retrying}>
            Retry
          </Button>
          {actions}
        </Group>
      }
    >
      {children}
    </EmptyState>
  )
}
