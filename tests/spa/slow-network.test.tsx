import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { lazy, type ComponentType } from 'react'
import type { AnyRoute } from '@tanstack/react-router'
import { gate, mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'

/** Holds every answer to GET `path` until the gate opens, then lets it through to the real server. */
function holdGet(path: string) {
  const g = gate()
  mswServer.use(
    http.get(`*/api${path}`, async ({ request }) => {
      await g.opened
      return testContext().app.fetch(request)
    }),
  )
  return g
}

/**
 * The route's screens as a first visit meets them: their code still downloading until the gate opens. (The SPA tests
 * load every route's code before the first test; a browser loads a screen's code when it is first opened.)
 */
function holdScreenCode(route: AnyRoute) {
  const g = gate()
  const { component, pendingComponent } = route.options
  const later = (screen: unknown) => lazy(() => g.opened.then(() => ({ default: screen as ComponentType })))
  route.options.component = later(component)
  route.options.pendingComponent = later(pendingComponent)
  onTestFinished(() => {
    route.options.component = component
    route.options.pendingComponent = pendingComponent
  })
  return g
}

describe('a slow network between screens', () => {
  it('keeps the shell and shows the next page loading in the main area', async () => {
    await signInAs('admin', { name: 'Ada Admin' })
    const { user, pathname, router } = renderApp('/user/settings')
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    const code = holdScreenCode(router.routesById['/_shell/_admin/admin/paginated-users'])
    const answer = holdGet('/user/getPaginatedUsers')

    await user.click(within(screen.getByRole('navigation', { name: 'Sidebar' })).getByRole('link', { name: 'Users Details' }))

    const main = screen.getByRole('main')
    expect(await within(main).findByRole('status', { name: 'Loading page' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    code.open()
    expect(await within(main).findByRole('heading', { name: 'Users Details' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument()
    answer.open()
    expect(await within(main).findByRole('cell', { name: 'Ada Admin' })).toBeInTheDocument()
    expect(pathname()).toBe('/admin/paginated-users')
  })
})
