import { screen, waitFor, within } from '@testing-library/react'
import { expectSignedOut, renderApp, signInAs } from '../support/render.tsx'

const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' })
const banner = () => screen.getByRole('banner')

/** The sidebar's link texts and targets. */
const LEARNER_LINKS = [
  ['Home', '/user/my-dashboard'],
  ['My Packages', '/user/packages'],
  ['Settings', '/user/settings'],
] as const
const STAFF_LINKS = [
  ['Dashboard', '/dashboard'],
  ['Users Details', '/admin/paginated-users'],
  ['Reports', '/reports'],
] as const
const MANAGE_CONTENT_LINKS = [
  ['Assign Packages', '/admin/package-assigner'],
  ['Upload Content', '/package'],
] as const

/** Whether the shell marks the desktop sidebar collapsed (its stylesheet then slides the sidebar out on wide screens). */
const desktopCollapsedRule = () => document.querySelector('[data-desktop-collapsed]') !== null

describe('shell for a learner', () => {
  it('shows Home, My Packages, Settings and Logout, and none of the staff entries', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    renderApp('/user/my-dashboard')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    const nav = sidebar()
    for (const [label, href] of LEARNER_LINKS) expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href)
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    for (const label of ['Dashboard', 'Users Details', 'Reports', 'Manage Content', 'Assign Packages', 'Upload Content']) {
      expect(within(nav).queryByText(label)).not.toBeInTheDocument()
    }
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('data-active', 'true')
  })

  it('shows the initials in the top-bar avatar when there is no picture', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    renderApp('/user/my-dashboard')
    expect(await within(await screen.findByRole('banner')).findByText('LL')).toBeInTheDocument()
    expect(within(banner()).queryByRole('img')).not.toBeInTheDocument()
    expect(within(banner()).getByText('LL')).toHaveAttribute('title', 'Lena Learner')
  })

  it('logs out: clears token, role and user and shows the sign-in screen at /', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    const { user, pathname } = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { name: 'Home' })
    expect(localStorage.getItem('token')).not.toBeNull()
    await user.click(within(sidebar()).getByRole('button', { name: 'Logout' }))
    await expectSignedOut(pathname)
  })
})

describe('shell for an admin', () => {
  it('shows every entry, with Manage Content collapsible holding Assign Packages and Upload Content', async () => {
    await signInAs('admin', { name: 'Ada Admin' })
    const { user } = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument()
    const nav = sidebar()
    for (const [label, href] of [...LEARNER_LINKS, ...STAFF_LINKS])
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href)
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument()

    const group = within(nav).getByRole('button', { name: 'Manage Content' })
    expect(group).toHaveAttribute('aria-expanded', 'false')
    for (const [label] of MANAGE_CONTENT_LINKS) expect(within(nav).queryByRole('link', { name: label })).not.toBeInTheDocument()

    await user.click(group)
    expect(group).toHaveAttribute('aria-expanded', 'true')
    for (const [label, href] of MANAGE_CONTENT_LINKS)
      expect(await within(nav).findByRole('link', { name: label })).toHaveAttribute('href', href)

    await user.click(group)
    expect(group).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Upload Content' })).not.toBeInTheDocument())
  })

  it('shows the admin initials, and the sidebar takes them to Home', async () => {
    await signInAs('admin', { name: 'Ada Admin' })
    const { user, pathname } = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Admin dashboard' })
    expect(await within(banner()).findByText('AA')).toBeInTheDocument()
    await user.click(within(sidebar()).getByRole('link', { name: 'Home' }))
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/my-dashboard')
    expect(within(sidebar()).getByRole('link', { name: 'Home' })).toHaveAttribute('data-active', 'true')
  })

  it('takes an admin back to the admin dashboard from the learner home', async () => {
    await signInAs('admin')
    const { user, pathname } = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { name: 'Home' })
    await user.click(within(sidebar()).getByRole('link', { name: 'Dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('data-active', 'true')
    expect(within(sidebar()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('data-active')
  })

  it('collapses and expands the sidebar from the top bar', async () => {
    await signInAs('admin')
    const { user } = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Admin dashboard' })
    const toggle = within(banner()).getByRole('button', { name: 'Collapse sidebar' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(desktopCollapsedRule()).toBe(false)

    await user.click(toggle)
    expect(toggle).toHaveAccessibleName('Expand sidebar')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(desktopCollapsedRule()).toBe(true))

    await user.click(toggle)
    expect(toggle).toHaveAccessibleName('Collapse sidebar')
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(desktopCollapsedRule()).toBe(false))
  })
})
