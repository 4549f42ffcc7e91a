import { screen, waitFor, within } from '@testing-library/react'
import { renderApp, signInAs } from '../support/render.tsx'

const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' })

describe('focus and names in the shell', () => {
  it('the skip link is the first focusable element and moves focus into <main>', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    const { user } = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Home' })
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Skip to main content' })
    expect(skip).toHaveFocus()
    await user.click(skip)
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('after a route change, focus is on the new page’s h1 (not on the first load)', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    const { user } = renderApp('/user/my-dashboard')
    const home = await screen.findByRole('heading', { level: 1, name: 'Home' })
    expect(home).not.toHaveFocus()
    await user.click(within(sidebar()).getByRole('link', { name: 'My Packages' }))
    const heading = await screen.findByRole('heading', { level: 1, name: 'My Learning Packages' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(heading).toHaveAttribute('tabindex', '-1')
  })

  it('the phone menu button says whether the menu is open and which element it controls', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    const { user } = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { level: 1, name: 'Home' })
    // Hidden from wide screens by CSS (which jsdom does not load), so it is found by its label.
    const burger = screen.getByLabelText('Open menu')
    expect(burger).toHaveAttribute('aria-expanded', 'false')
    expect(burger).toHaveAttribute('aria-controls', 'app-navbar')
    expect(document.getElementById('app-navbar')).toBe(sidebar())
    await user.click(burger)
    expect(screen.getByLabelText('Close menu')).toHaveAttribute('aria-expanded', 'true')
  })
})
