import { useMemo } from 'react'
import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router'
import { LazyAuthPanel } from '../components/landing/LazyAuthPanel.tsx'
import { LandingNavContext, type LandingNav } from '../components/landing/landing-nav.ts'
import { getRole, getToken, homeFor } from '../api/session.ts'
import { objectOf, searchReturnPath } from '../lib/route-schemas.ts'

/** The landing screen inside the app (after signing out, or a session that ended): the router navigates. */
function LandingRoute() {
  const router = useRouter()
  const sessionEnded = useLocation({ select: (location) => location.state.sessionEnded })
  const { redirect: returnPath } = Route.useSearch()
  const nav = useMemo<LandingNav>(
    () => ({
      sessionEnded,
      returnPath,
      go: (href) => void router.navigate({ href }),
      // preloadRoute's type asks for `to`; it builds the location from `href` as navigate does.
      prepare: (href) => void router.preloadRoute({ href } as Parameters<typeof router.preloadRoute>[0]).catch(() => {}),
    }),
    [router, sessionEnded, returnPath],
  )
  return (
    <LandingNavContext value={nav}>
      <LazyAuthPanel />
    </LandingNavContext>
  )
}

export const Route = createFileRoute('/')({
  // `redirect`: the page a signed-out visitor asked for, to open once signed in.
  validateSearch: objectOf({ redirect: searchReturnPath }),
  beforeLoad: ({ search }) => {
    if (!getToken()) return
    if (search.redirect) throw redirect({ href: search.redirect })
    throw redirect({ to: homeFor(getRole()) })
  },
  component: LandingRoute,
  // Not split: the route is small, and the panel it shows is a chunk of its own (LazyAuthPanel), shared with the
  // landing entry (src/Root.tsx).
  codeSplitGroupings: [],
})
