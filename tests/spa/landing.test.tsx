import { screen, within } from '@testing-library/react'
import { renderApp, testContext } from '../support/render.tsx'

describe('landing screen', () => {
  it('signs a learner in and lands on their dashboard after the delay', async () => {
    const { password, user: account } = await testContext().createUser({ name: 'Lena Learner' })
    const { user, pathname } = renderApp('/')
    const form = await screen.findByRole('form', { name: 'Sign in' })
    await user.type(within(form).getByLabelText(/Email/), account.email)
    await user.type(within(form).getByLabelText(/Password/), password)
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Login Success')).toBeInTheDocument()
    expect(localStorage.getItem('role')).toBe('USER')
    expect(await screen.findByText('Lena Learner', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(pathname()).toBe('/user/my-dashboard')
  })
})
