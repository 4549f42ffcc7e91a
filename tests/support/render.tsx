import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import type { Role, User } from '../../contract/auth.ts'
import { AppProviders } from '../../src/AppProviders.tsx'
import { Root } from '../../src/Root.tsx'
import { createAppRouter, createQueryClient, endSessionsWith } from '../../src/router.tsx'
import { saveSession } from '../../src/api/session.ts'
import { testContext } from './server.ts'

/** Renders the real route tree at `url`, with the app's providers, as main.tsx does. */
export function renderApp(url = '/') {
  const queryClient = createQueryClient({ retryDelay: 0 })
  const history = createMemoryHistory({ initialEntries: [url] })
  const router = createAppRouter(queryClient, history)
  endSessionsWith(router, queryClient)
  const user = userEvent.setup()
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, queryClient, user, pathname: () => router.state.location.pathname }
}

/**
 * Renders the page's root at `url` as a first load in the browser does (src/main.tsx): the landing screen alone for '/'
 * without a session, else the app, in the window's own history.
 */
export function renderRoot(url = '/') {
  window.history.replaceState(null, '', url)
  const user = userEvent.setup()
  const view = render(<Root env="test" />)
  return { ...view, user, pathname: () => window.location.pathname, search: () => window.location.search }
}

let routeChunksLoaded: Promise<unknown> | undefined

/**
 * Imports every route's code-split screens (and their error and not-found screens) once per worker, before the
 * worker's first test. Otherwise the first render of a screen imports its chunk cold inside findBy's wait.
 */
export function loadRouteChunks() {
  routeChunksLoaded ??= importRouteChunks()
  return routeChunksLoaded
}

function importRouteChunks() {
  const router = createAppRouter(createQueryClient(), createMemoryHistory())
  return Promise.all(
    Object.values(router.routesById).flatMap((route) => [
      router.loadRouteChunk(route),
      router.loadRouteChunk(route, 'errorComponent'),
      router.loadRouteChunk(route, 'notFoundComponent'),
    ]),
  )
}

/** Expects the sign-in screen at `/`, no session left in localStorage and no shell. */
export async function expectSignedOut(pathname: () => string) {
  expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
  expect(pathname()).toBe('/')
  expect(localStorage.getItem('token')).toBeNull()
  expect(localStorage.getItem('role')).toBeNull()
  expect(localStorage.getItem('user')).toBeNull()
  expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument()
}

/** Creates a user through the real database and stores their session in localStorage, as a sign-in would. */
export async function signInAs(
  role: Role = 'USER',
  options: { name?: string; email?: string } = {},
): Promise<{ user: User; token: string; password: string }> {
  const created = await testContext().createUser({ role, ...options })
  saveSession(created.token, created.user)
  return created
}

export { testContext }
