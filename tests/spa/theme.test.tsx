import { readFileSync } from 'node:fs'
import { screen, waitFor } from '@testing-library/react'
import { renderApp, renderRoot, signInAs } from '../support/render.tsx'

const html = document.documentElement

async function openShell() {
  await signInAs('USER')
  const view = renderApp('/user/my-dashboard')
  await screen.findByRole('heading', { name: 'Home' })
  return view
}

const toggle = () => screen.getByRole('button', { name: 'Toggle Theme' })
const icon = () => toggle().querySelector('[data-icon]')?.getAttribute('data-icon')

describe('theme', () => {
  it('starts light: no dark class and a moon on the toggle', async () => {
    await openShell()
    expect(html).not.toHaveClass('dark')
    expect(toggle().querySelector('[data-icon="moon"]')).not.toBeNull()
    expect(icon()).toBe('moon')
    expect(localStorage.getItem('theme')).not.toBe('dark')
  })

  it('toggles to dark and back, saving the choice under theme', async () => {
    const { user } = await openShell()
    await user.click(toggle())
    await waitFor(() => expect(html).toHaveClass('dark'))
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(icon()).toBe('sun')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')

    await user.click(toggle())
    await waitFor(() => expect(html).not.toHaveClass('dark'))
    expect(localStorage.getItem('theme')).toBe('light')
    expect(icon()).toBe('moon')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
  })

  it('starts dark when theme=dark was saved', async () => {
    localStorage.setItem('theme', 'dark')
    await openShell()
    expect(html).toHaveClass('dark')
    expect(icon()).toBe('sun')
  })

  it('applies the saved theme before the app renders (public/theme-init.js, loaded by index.html)', () => {
    const script = readFileSync('public/theme-init.js', 'utf8')
    expect(readFileSync('index.html', 'utf8')).toMatch(/<script src="[^"]*theme-init\.js"><\/script>/)
    localStorage.setItem('theme', 'dark')
    new Function(script)()
    expect(html).toHaveClass('dark')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')

    localStorage.setItem('theme', 'light')
    html.classList.remove('dark')
    new Function(script)()
    expect(html).not.toHaveClass('dark')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
  })
})

/** The system asks for a dark scheme (and, as the tests' browser always does, for reduced motion), for this test only. */
function systemPrefersDark() {
  const original = window.matchMedia
  const prefers = new Set(['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)'])
  window.matchMedia = (query: string) => ({ ...original(query), matches: prefers.has(query) })
  onTestFinished(() => {
    window.matchMedia = original
  })
}

describe('theme: the system preference', () => {
  it('a system set to dark opens the landing screen dark when no theme was chosen', async () => {
    systemPrefersDark()
    renderRoot('/')
    await screen.findByRole('form', { name: 'Sign in' })
    expect(html).toHaveClass('dark')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
    expect(localStorage.getItem('theme')).toBeNull()
  })

  it('the shell follows it too, and a choice made with the toggle wins over it from then on', async () => {
    systemPrefersDark()
    const { user } = await openShell()
    expect(html).toHaveClass('dark')
    expect(icon()).toBe('sun')
    await user.click(toggle())
    await waitFor(() => expect(html).not.toHaveClass('dark'))
    expect(localStorage.getItem('theme')).toBe('light')
    expect(icon()).toBe('moon')
  })

  it('a saved light theme stays light on a dark system', async () => {
    systemPrefersDark()
    localStorage.setItem('theme', 'light')
    await openShell()
    expect(html).not.toHaveClass('dark')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
    expect(icon()).toBe('moon')
  })

  it('is applied before the app renders too (public/theme-init.js)', () => {
    systemPrefersDark()
    new Function(readFileSync('public/theme-init.js', 'utf8'))()
    expect(html).toHaveClass('dark')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
  })
})
