import { useEffect, useRef, useState } from 'react'
import type { AppMeta } from './meta.ts'
import { toastFailure, toastSuccess } from './call-toasts.ts'

/** How a call may be asked again after a failure: the shape of TanStack Query's `retry` and `retryDelay`. */
export interface CallOptions {
  meta?: AppMeta
  retry?: (failureCount: number, error: unknown) => boolean
  retryDelay?: (failureCount: number, error: unknown) => number
}

interface Handlers<TData> {
  onSuccess?: (data: TData) => void
  onError?: (error: unknown) => void
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A form's call outside TanStack Query, for the landing screen, which loads without Query: while it runs `isPending`
 * holds, a failure `retry` allows is asked again after `retryDelay`, and `meta` raises the same toasts as the
 * app's query client (src/router.tsx) before the handlers run.
 */
export function useCall<TVariables, TData>(call: (variables: TVariables) => Promise<TData>, options: CallOptions = {}) {
  const [isPending, setPending] = useState(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function run(variables: TVariables, handlers: Handlers<TData> = {}) {
    setPending(true)
    for (let failureCount = 0; ; failureCount++) {
      try {
        const data = await call(variables)
        if (mounted.current) setPending(false)
        toastSuccess(options.meta, data, variables)
        handlers.onSuccess?.(data)
        return
      } catch (error) {
        if (options.retry?.(failureCount, error)) {
          await wait(options.retryDelay?.(failureCount, error) ?? 0)
          continue
        }
        if (mounted.current) setPending(false)
        toastFailure(options.meta, error)
        handlers.onError?.(error)
        return
      }
    }
  }

  return { run: (variables: TVariables, handlers?: Handlers<TData>) => void run(variables, handlers), isPending }
}
