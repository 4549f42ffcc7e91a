import { Suspense, lazy, startTransition, useMemo, useState } from 'react'
import { ThemeProviders } from './ThemeProviders.tsx'
import { LazyAuthPanel } from './components/landing/LazyAuthPanel.tsx'
import { LandingNavContext, type LandingNav } from './components/landing/landing-nav.ts'
import { getToken } from './api/session.ts'
import type { SessionEnd } from './api/session-end.ts'
import { safeReturnPath } from './lib/return-path.ts'

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '')

let appModule: Promise<typeof import('./App.tsx')> | undefined
const loadApp = () => (appModule ??= import('./App.tsx'))
const App = lazy(loadApp)

/** The landing screen is '/' for a visitor without a session; a visitor with one is sent on by the app's route '/'. */
const opensLanding = () => location.pathname === `${BASE}/` && !getToken()

/** What the address bar tells the landing screen: why a session ended (the router's history state), `?redirect=`. */
function landingNav(open: (href: string) => void): LandingNav {
  return {
    sessionEnded: (history.state as { sessionEnded?: SessionEnd } | null)?.sessionEnded,
    returnPath: safeReturnPath(new URLSearchParams(location.search).get('redirect') ?? undefined),
    go: open,
    prepare: () => void loadApp(),
  }
}

/**
 * The page's root. A signed-out visitor opening '/' gets the landing screen with React and Mantine alone (its panel is
 * a chunk that no other first load asks for); any other page, and any page the landing screen opens (signed in, or a
 * link), is the app, whose chunks (the router, Query, the screens) load then. The landing screen stays up until the
 * app can render.
 */
export function Root({ env }: { env?: 'test' }) {
  const [startedOnLanding] = useState(opensLanding)
  const [screen, setScreen] = useState<'landing' | 'app'>(startedOnLanding ? 'landing' : 'app')
  const nav = useMemo(
    () =>
      landingNav((href) => {
        history.pushState(null, '', `${BASE}${href}`)
        startTransition(() => setScreen('app'))
      }),
    [],
  )
  return (
    <ThemeProviders env={env}>
      <Suspense fallback={null}>
        {screen === 'landing' ? (
          <LandingNavContext value={nav}>
            <LazyAuthPanel />
          </LandingNavContext>
        ) : (
          <App previousPage={startedOnLanding ? '/' : undefined} />
        )}
      </Suspense>
    </ThemeProviders>
  )
}
