import { createContext, useContext, useEffect, useRef } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { focusHeading } from './focus-heading.ts'

/** How long a new page may take to render its h1 (data still loading) before focus is left where it is. */
const WAIT_MS = 5_000

/**
 * The page shown before the app started, when there was one: the landing screen, which hands over to the app for
 * the page it opens (src/Root.tsx). The app's first page is then a route change like any other.
 */
export const PreviousPageContext = createContext<string | undefined>(undefined)

function findPageHeading(): HTMLElement | null {
  const headings = document.querySelectorAll<HTMLElement>('main h1')
  return Array.from(headings).find((h) => !h.closest('[aria-hidden="true"], [inert]')) ?? null
}

/**
 * After a route change (not the first load), focus moves to the new page's h1, so a screen reader announces it and Tab
 * continues from there. TanStack Router 1.x restores scroll but does not manage focus. A page that renders its h1
 * after its data arrives is waited for, briefly.
 */
export function useFocusHeadingOnNavigate() {
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname })
  const previous = useRef<string | undefined>(useContext(PreviousPageContext))

  useEffect(() => {
    if (pathname === undefined) return
    const before = previous.current
    previous.current = pathname
    // The first resolved location of a page load: focus stays at the start of the document (the skip link is next).
    if (before === undefined || pathname === before) return
    const existing = findPageHeading()
    if (existing) return focusHeading(existing)
    const observer = new MutationObserver(() => {
      const heading = findPageHeading()
      if (!heading) return
      observer.disconnect()
      focusHeading(heading)
    })
    observer.observe(document.body, { childList: true, subtree: true })
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_MS)
    return () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
  }, [pathname])
}
