import type { ReactNode } from 'react'
import { Button } from '@mantine/core'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { EmptyState } from './EmptyState.tsx'

/**
 * The body of a route's `errorComponent` when its loader's data could not be loaded: the screen's failure text
 * inline (the toast comes from the query's `meta`) and a button that runs the loader again.
 */
export function LoadFailed({ children, reset, retryLabel = 'Retry' }: { children: ReactNode; reset: () => void; retryLabel?: string }) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  function retry() {
    queryReset.reset()
    reset()
    void router.invalidate()
  }
  return (
    <EmptyState
      tone="error"
      action={
        <Button variant="light" onClick={retry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </EmptyState>
  )
}
