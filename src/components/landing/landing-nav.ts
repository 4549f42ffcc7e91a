import { createContext, useContext } from 'react'
import type { SessionEnd } from '../../api/session-end.ts'

/**
 * What the landing screen needs from whoever shows it: the app's route '/' (src/routes/index.tsx) takes it from the
 * router; the landing entry (src/Root.tsx), which loads without the router, from the address bar, and it opens the
 * app for any other page.
 */
export interface LandingNav {
  /** Why the session that led here ended, when one did. */
  sessionEnded?: SessionEnd
  /** The page to open once signed in (`?redirect=`, only a path inside the app). */
  returnPath?: string
  /** Opens a page of the app: a path with its search, such as '/forgot-password'. */
  go: (href: string) => void
  /** Starts loading what `go(href)` will show. */
  prepare: (href: string) => void
}

export const LandingNavContext = createContext<LandingNav | null>(null)

export function useLandingNav(): LandingNav {
  const nav = useContext(LandingNavContext)
  if (!nav) throw new Error('The landing screen needs a LandingNavContext')
  return nav
}
