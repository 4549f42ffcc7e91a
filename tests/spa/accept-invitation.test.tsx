import { screen } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { users } from '../../server/db/schema.ts'
import { HEADER, invitationToken } from '../../server/test/user-import.ts'
import { importUsers } from '../../server/user-import/service.ts'
import { renderApp, testContext } from '../support/render.tsx'

/** The page an invitation mail links to (/accept-invite?token=…): the first password, then signed in. */

const ctx = () => testContext()

/** Imports one new learner (the import's service, as the upload route calls it) and answers the token mailed to them. */
async function invite(email = 'ines@example.com') {
  const admin = await ctx().createUser({ role: 'admin' })
  const sheet = { header: HEADER, rows: [{ rowNumber: 2, cells: [email, 'Ines Invited', '', '', ''] }] }
  const result = await importUsers(ctx().deps, sheet, { dryRun: false, importedBy: admin.user.id })
  expect(result).toMatchObject({ created: 1, invited: 1 })
  return invitationToken(ctx().outbox.at(-1)!)
}

async function choosePassword(token: string, password = 'my-first-password', confirm = password) {
  const view = renderApp(`/accept-invite?token=${encodeURIComponent(token)}`)
  expect(await screen.findByRole('heading', { name: 'Set up your account' })).toBeInTheDocument()
  const form = screen.getByRole('form', { name: 'Choose your password' })
  await view.user.type(screen.getByLabelText(/^New password/), password)
  await view.user.type(screen.getByLabelText(/^Confirm new password/), confirm)
  await view.user.click(screen.getByRole('button', { name: 'Set password and sign in' }))
  return { ...view, form }
}

describe('/accept-invite', () => {
  it('sets the password, verifies the e-mail and signs in; Continue goes to the learner home', async () => {
    const token = await invite()
    const { user, pathname } = await choosePassword(token)
    const welcome = await screen.findByRole('status')
    expect(welcome).toHaveTextContent('Welcome to Learnpack')
    expect(welcome).toHaveTextContent('You are signed in as ines@example.com.')
    expect(localStorage.getItem('token')).toBeTruthy()
    const [row] = await ctx().deps.db.select().from(users).where(eq(users.email, 'ines@example.com'))
    expect(row).toMatchObject({ emailVerified: true })
    expect(row!.passwordHash).not.toBeNull()
    await user.click(screen.getByRole('link', { name: 'Continue' }))
    await screen.findByRole('navigation', { name: 'Sidebar' })
    expect(pathname()).toBe('/user/my-dashboard')
  })

  it('an expired link says so and what to do: a new link through "Forgot your password?"', async () => {
    const token = await invite()
    ctx().now = new Date(ctx().now.getTime() + 8 * 24 * 3_600_000)
    const { user, pathname } = await choosePassword(token)
    const problem = await screen.findByRole('alert')
    expect(problem).toHaveTextContent('Link not valid')
    expect(problem).toHaveTextContent('This invitation link is invalid, already used or expired.')
    expect(localStorage.getItem('token')).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Get a new link with "Forgot your password?"' }))
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    expect(pathname()).toBe('/forgot-password')
  })

  it('checks the password with the same rules as a reset before sending it', async () => {
    const token = await invite()
    await choosePassword(token, 'my-first-password', 'something-else')
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    const [row] = await ctx().deps.db.select().from(users).where(eq(users.email, 'ines@example.com'))
    expect(row!.passwordHash).toBeNull()
  })

  it('without a token the page says the link is incomplete', async () => {
    renderApp('/accept-invite')
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is incomplete.')
  })
})
