import { useEffect, useRef } from 'react'

/** When an editor opened in place closes (saved or cancelled), focus goes back to the button that opened it. */
export function useFocusBack(open: boolean) {
  const opener = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus()
    wasOpen.current = open
  }, [open])
  return opener
}
