import { useEffect, type ReactNode } from 'react'
import { Stack } from '@mantine/core'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '../../api/errors.ts'
import { EmptyState } from './EmptyState.tsx'
import { LoadFailed } from './LoadFailed.tsx'
import { RouteError } from './RouteError.tsx'

interface RouteLoadErrorProps extends ErrorComponentProps {
  /** The page header to keep on screen above the error. */
  header?: ReactNode
  /** The screen's failure text, e.g. 'Failed to fetch topics' (the query's meta raises it as a toast too). */
  failureText: string
  /** Shown beside Retry, e.g. a way back. */
  actions?: ReactNode
  /** What to say when the thing does not exist (404): the server's message by default. */
  notFoundText?: string
  /** Shown with a 404, e.g. a way back. */
  notFoundAction?: ReactNode
  /** A whole view for a 404, in place of the header and `notFoundText`. */
  notFound?: ReactNode
  /** A whole view for a 403 (the thing exists but is not the user's). */
  forbidden?: ReactNode
}

/**
 * Every route's load failure: the screen's failure text and the server's reason inline, with Retry (a 404 instead says
 * that the thing does not exist). Anything but a failed call is a bug: the default error page.
 */
export function RouteLoadError(props: RouteLoadErrorProps) {
  const { error, reset, info, header, failureText, actions, notFoundText, notFoundAction, notFound, forbidden } = props
  const queryReset = useQueryErrorResetBoundary()
  useEffect(() => queryReset.reset(), [queryReset])

  if (!(error instanceof ApiError)) return <RouteError error={error} reset={reset} info={info} />
  if (error.status === 403 && forbidden) return forbidden
  if (error.status === 404 && notFound) return notFound

  return (
    <Stack gap="lg" maw={960}>
      {header}
      {error.status === 404 ? (
        <EmptyState action={notFoundAction}>{notFoundText ?? error.message}</EmptyState>
      ) : (
        <LoadFailed reset={reset} actions={actions}>
          {withReason(failureText, error)}
        </LoadFailed>
      )}
    </Stack>
  )
}

/** 'Failed to fetch users. Database unavailable': a sentence, then the server's own message when it sent one. */
function withReason(failureText: string, error: ApiError): string {
  const sentence = `${failureText.replace(/\.$/, '')}.`
  return error.generic || !error.message ? sentence : `${sentence} ${error.message}`
}
