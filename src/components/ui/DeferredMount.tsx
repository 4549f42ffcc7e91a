import { type ReactNode, useDeferredValue } from 'react'

/**
 * Commits `fallback` first, then mounts `children` in React's background lane. A screen that arrives through the
 * router or a query (both render at once, in one task) then mounts in slices of a few milliseconds, between which the
 * browser paints and answers input, instead of blocking the page for the whole mount. Only the first mount waits;
 * later renders of `children` are as usual.
 */
export function DeferredMount({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const mounted = useDeferredValue(true, false)
  return mounted ? children : fallback
}
