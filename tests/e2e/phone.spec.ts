import { expect, test, type Locator } from '@playwright/test'
import { admin, loginViaApi, newLearner, registerViaApi, storeSession } from './support.ts'

/** On a 390 px phone, wide admin tables keep each row's action on screen: the action column stays pinned. */
test.use({ viewport: { width: 390, height: 844 } })

async function expectOnScreen(control: Locator) {
  await expect(control).toBeVisible()
  const box = await control.boundingBox()
  expect(box, 'the control has a box').not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
}

test('on a phone, Assign Packages and Reports keep each row’s action on screen', async ({ page, request }) => {
  const learner = newLearner('Phone')
  await registerViaApi(request, learner)
  const session = await loginViaApi(request, admin.email, admin.password)
  const created = await request.post('/api/packages/createPackage', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      title: 'A package with a long enough title to push the columns',
      description: 'd',
      price: '1.00',
      skills: [{ title: 'Skill', description: 'd', price: '1.00' }],
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  await storeSession(page, session)

  await page.goto(`/admin/package-assigner?q=${encodeURIComponent(learner.email)}`)
  const users = page.getByRole('table', { name: 'Users and their packages' })
  const assign = users.getByRole('button', { name: `Assign packages to ${learner.name}` })
  await expectOnScreen(assign)
  // It works from there: the dialog opens.
  await assign.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto('/reports')
  const packages = page.getByRole('table', { name: 'Packages' })
  await expectOnScreen(packages.getByRole('link', { name: /^View report: A package with a long enough title/ }))
})
