import { useEffect } from 'react'

/** While `active` (an upload in flight), closing or reloading the tab asks first. */
export function useWarnOnLeave(active: boolean) {
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
}
