import { startTransition, useEffect, useState } from 'react'

/**
 * False for the first commit, then true once the browser has painted it: the part of a screen shown only from then on
 * mounts in a task of its own (a transition, so in slices), and the first task commits and lays out less.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // The frame callback runs before the next paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}
