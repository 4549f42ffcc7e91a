import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../components/shell/AppLayout.tsx'
import { DeferredMount } from '../components/ui/DeferredMount.tsx'
import { getToken } from '../api/session.ts'
import { preloadHttp } from '../api/client.ts'
import { currentUserQueryOptions } from '../queries/user.ts'

/** Pathless layout: every signed-in screen sits in the shell; signed-out visitors go to `/`, which brings them back after signing in. */
export const Route = createFileRoute('/_shell')({
  beforeLoad: ({ location, context: { queryClient } }) => {
    if (!getToken()) throw redirect({ to: '/', search: { redirect: location.href } })
    // Alongside the screen's chunk, not after it: the screen's loader calls the API as soon as it runs.
    preloadHttp()
    // The top bar and the player read the current user: asked for on the first page now (not again on later ones), it
    // is usually there when they mount, so its answer does not render them a second time.
    void queryClient.prefetchQuery({ ...currentUserQueryOptions(), staleTime: Number.POSITIVE_INFINITY })
  },
  component: Shell,
})

/** On a page load the shell and the first screen mount in the background, in slices; the shell then stays between screens. */
function Shell() {
  return (
    <DeferredMount fallback={null}>
      <AppLayout />
    </DeferredMount>
  )
}
