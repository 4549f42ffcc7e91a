import { expect, test } from '@playwright/test'
import { admin, loginViaApi, storeSession } from './support.ts'

test('an admin creates a package with two skills, adds topics and sub-topics, saves, reloads, sees them, and deletes the package', async ({
  page,
  request,
}) => {
  const session = await loginViaApi(request, admin.email, admin.password)
  await storeSession(page, session)
  const title = `E2E Package ${Date.now()}`

  await page.goto('/package/create')
  const form = page.getByRole('form')
  await form.getByLabel(/^Title/).fill(title)
  await form.getByLabel(/^Description/).fill('Built by the end-to-end test.')
  await form.getByLabel(/^Price/).fill('19.99')
  const skill1 = form.getByRole('group', { name: 'Skill 1' })
  await skill1.getByLabel(/^Skill title/).fill('Algebra')
  await skill1.getByLabel(/^Skill description/).fill('Equations and inequalities.')
  await skill1.getByLabel(/^Skill price/).fill('9.50')
  await form.getByRole('button', { name: /Add Skill/ }).click()
  const skill2 = form.getByRole('group', { name: 'Skill 2' })
  await skill2.getByLabel(/^Skill title/).fill('Geometry')
  await skill2.getByLabel(/^Skill description/).fill('Shapes and angles.')
  await skill2.getByLabel(/^Skill price/).fill('10')
  await form.getByRole('button', { name: 'Create Package' }).click()
  await expect(page.getByText('Package created')).toBeVisible()
  await expect(page).toHaveURL(/\/package$/)

  const card = page.getByRole('article', { name: title })
  await expect(card.getByRole('group', { name: 'Algebra' })).toBeVisible()
  await expect(card.getByRole('group', { name: 'Geometry' })).toBeVisible()
  await card
    .getByRole('group', { name: 'Algebra' })
    .getByRole('link', { name: /Add Topics and Sub Topics/ })
    .click()
  await expect(page).toHaveURL(/\/topic\/add\/\d+$/)

  await page.getByRole('button', { name: 'Add topic' }).click()
  const topic = page.getByRole('region', { name: 'Topic 1' })
  await topic.getByLabel(/Topic title/).fill('Linear equations')
  await topic.getByLabel(/Topic description/).fill('Equations of the first degree.')
  const named = page.getByRole('region', { name: 'Topic 1: Linear equations' })
  for (const [i, [subTitle, subDescription]] of [
    ['One variable', 'ax + b = 0'],
    ['Two variables', 'Systems of two equations'],
  ].entries()) {
    await named.getByRole('button', { name: 'Add sub-topic to Linear equations' }).click()
    const sub = named.getByRole('group', { name: new RegExp(`^Sub-topic 1\\.${i + 1}`) })
    await sub.getByLabel(/Sub-topic title/).fill(subTitle!)
    await sub.getByLabel(/Sub-topic description/).fill(subDescription!)
  }
  await page.getByRole('button', { name: 'Save All' }).click()
  await expect(page.getByText('Topics & Subtopics saved!')).toBeVisible()

  await page.reload()
  const saved = page.getByRole('region', { name: 'Topic 1: Linear equations' })
  await expect(saved.getByRole('link', { name: 'View Added Questions for One variable' })).toBeVisible()
  await expect(saved.getByRole('link', { name: 'View Added Questions for Two variables' })).toBeVisible()

  await page.goto('/package')
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Delete ${title}` })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Are you sure you want to delete this package?')).toBeVisible()
  await dialog.getByRole('button', { name: /Delete/ }).click()
  await expect(page.getByText('Package deleted')).toBeVisible()
  await expect(page.getByRole('article', { name: title })).toHaveCount(0)
})
