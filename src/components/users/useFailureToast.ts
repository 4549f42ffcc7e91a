import { useEffect, useRef } from 'react'
import { notify } from '../../lib/toast.ts'

/** Raises an error toast once per failed load (a retry that fails again raises it again). */
export function useFailureToast(query: { isError: boolean; errorUpdatedAt: number }, message: string) {
  const toasted = useRef(0)
  useEffect(() => {
    if (query.isError && query.errorUpdatedAt !== toasted.current) {
      toasted.current = query.errorUpdatedAt
      notify.error(message)
    }
  }, [query.isError, query.errorUpdatedAt, message])
}
