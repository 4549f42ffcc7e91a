import { useEffect, type ReactNode } from 'react'
import { Button, Stack } from '@mantine/core'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '../../api/errors.ts'
import { EmptyState } from './EmptyState.tsx'
import { RouteError } from './RouteError.tsx'

interface RouteLoadErrorProps extends ErrorComponentProps {
  /** The page header to keep on screen above the error. */
  header?: ReactNode
  /** The screen's failure text, e.g. 'Failed to fetch topics' (the query's meta raises it as a toast too). */
  failureText: string
  /** What to say when the thing does not exist (404): the server's message by default. */
  notFoundText?: string
  /** Shown with a 404, e.g. a way back. */
  notFoundAction?: ReactNode
}

/**
 * A route's load failure: the screen's failure text inline with Retry (a 404 instead shows that the thing does not exist).
 * Anything but a failed call is a bug: the default error page.
 */
export function RouteLoadError({ error, reset, info, header, failureText, notFoundText, notFoundAction }: RouteLoadErrorProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  const isApiError = error instanceof ApiError
  const missing = isApiError && error.status === 404

  useEffect(() => queryReset.reset(), [queryReset])

  if (!isApiError) return <RouteError error={error} reset={reset} info={info} />

  return (
    <Stack gap="lg" maw={960}>
      {header}
      {missing ? (
        <EmptyState action={notFoundAction}>{notFoundText ?? error.message}</EmptyState>
      ) : (
        <EmptyState tone="error" action={<Button onClick={() => void router.invalidate()}>Retry</Button>}>
          {failureText}. {error.message && !error.generic ? error.message : null}
        </EmptyState>
      )}
    </Stack>
  )
}
