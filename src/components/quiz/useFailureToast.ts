import { useEffect, useRef } from 'react'
import { notify } from '../../lib/toast.ts'

/** Raises an error toast once per failed load (a retry that fails again raises it again). */
export function useFailureToast(failed: boolean, failedAt: number, message: string) {
  const toasted = useRef(0)
  useEffect(() => {
    if (failed && failedAt !== toasted.current) {
      toasted.current = failedAt
      notify.error(message)
    }
  }, [failed, failedAt, message])
}
