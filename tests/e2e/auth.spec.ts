import { expect, test } from '@playwright/test'
import { admin, newLearner, profileCard, sidebar, signInThroughForm, signUpForm } from './support.ts'

test.describe('signing up and in', () => {
  test('a new learner signs up on the Create Account face, signs in and lands on their dashboard', async ({ page }) => {
    const learner = newLearner('Signup')
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Hello, Learner' })).toBeVisible()

    await page.getByRole('button', { name: 'Sign Up' }).click()
    const signUp = signUpForm(page)
    await expect(signUp).toBeVisible()
    await signUp.getByRole('textbox', { name: 'Name', exact: true }).fill(learner.name)
    await signUp.getByRole('textbox', { name: 'Email', exact: true }).fill(learner.email)
    await signUp.getByRole('textbox', { name: 'Password', exact: true }).fill(learner.password)
    await signUp.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('User registered successfully')).toBeVisible()

    // Back on the Sign in face, with the new e-mail already filled in.
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeHidden()
    await signInThroughForm(page, learner.email, learner.password)
    await expect(page.getByText('Login Success')).toBeVisible()
    await expect(page).toHaveURL(/\/user\/my-dashboard$/)

    const card = profileCard(page)
    await expect(card.getByText(learner.name)).toBeVisible()
    await expect(card.getByText(learner.email)).toBeVisible()
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), role: localStorage.getItem('role') }))
    expect(stored.token).toBeTruthy()
    expect(stored.role).toBe('USER')

    const nav = sidebar(page)
    for (const entry of ['Home', 'My Packages', 'Settings']) await expect(nav.getByRole('link', { name: entry })).toBeVisible()
    for (const entry of ['Users Details', 'Reports', 'Manage Content']) await expect(nav.getByText(entry)).toHaveCount(0)
  })

  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/')
    await signInThroughForm(page, admin.email, 'not-the-password')
    await expect(page.getByText('Login Failed')).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the admin from ADMIN_EMAIL signs in, lands on /dashboard and sees the admin sidebar', async ({ page }) => {
    await page.goto('/')
    await signInThroughForm(page, admin.email, admin.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible()
    // The dashboard is about the organisation, not the admin's own profile card.
    await expect(profileCard(page)).toHaveCount(0)

    const nav = sidebar(page)
    for (const entry of ['Home', 'My Packages', 'Settings', 'Users Details', 'Reports']) {
      await expect(nav.getByRole('link', { name: entry })).toBeVisible()
    }
    const manageContent = nav.getByText('Manage Content')
    await expect(manageContent).toBeVisible()
    await manageContent.click()
    await expect(nav.getByRole('link', { name: 'Assign Packages' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Upload Content' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('admin')
  })
})
