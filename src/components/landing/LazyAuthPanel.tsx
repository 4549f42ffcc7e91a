import { Suspense, lazy } from 'react'

/**
 * The sign-in and sign-up panel in a chunk of its own: a signed-in first load never asks for it, and '/' names it
 * beside the entry (scripts/route-preloads.ts), so the landing screen does not wait for the entry to ask.
 */
export const loadAuthPanel = () => import('./AuthPanel.tsx')

const AuthPanel = lazy(() => loadAuthPanel().then((m) => ({ default: m.AuthPanel })))

export function LazyAuthPanel() {
  return (
    <Suspense fallback={null}>
      <AuthPanel />
    </Suspense>
  )
}
