import { useEffect, useRef, type ReactNode } from 'react'
import { Button, Stack } from '@mantine/core'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { RouteError } from '../ui/RouteError.tsx'

interface ContentLoadErrorProps extends ErrorComponentProps {
  /** The page header to keep on screen above the error. */
  header?: ReactNode
  /** SPEC.md §8's toast, e.g. 'Failed to fetch topics'. */
  toast: string
  /** What to say when the thing does not exist (404): the server's message by default. */
  notFoundText?: string
  /** Shown with a 404, e.g. a way back. */
  notFoundAction?: ReactNode
}

/**
 * A route's load failure: toasts SPEC.md's text once per failure and shows it inline with Retry
 * (a 404 instead shows that the thing does not exist). Anything but a failed call is a bug: the default error page.
 */
export function ContentLoadError({ error, reset, info, header, toast, notFoundText, notFoundAction }: ContentLoadErrorProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  const toasted = useRef<unknown>(null)
  const isApiError = error instanceof ApiError
  const missing = isApiError && error.status === 404

  useEffect(() => {
    if (!isApiError || toasted.current === error) return
    toasted.current = error
    notify.error(toast)
  }, [error, isApiError, toast])

  useEffect(() => queryReset.reset(), [queryReset])

  if (!isApiError) return <RouteError error={error} reset={reset} info={info} />

  return (
    <Stack gap="lg" maw={960}>
      {header}
      {missing ? (
        <EmptyState action={notFoundAction}>{notFoundText ?? error.message}</EmptyState>
      ) : (
        <EmptyState tone="error" action={<Button onClick={() => void router.invalidate()}>Retry</Button>}>
          {toast}. {error.message && !error.generic ? error.message : null}
        </EmptyState>
      )}
    </Stack>
  )
}
