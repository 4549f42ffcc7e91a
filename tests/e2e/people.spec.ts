import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { admin, loginViaApi, newLearner, registerViaApi, storeSession } from './support.ts'

/** The verification link from the newest .eml in the server's outbox addressed to `email`. */
function verificationLink(email: string): string {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
  const mails = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((text) => text.includes(email) && text.includes('verify-email?token='))
  const match = /https?:\/\/\S*verify-email\?token=[\w-]+/.exec(
    mails
      .at(-1)
      ?.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=') ?? '',
  )
  expect(match, `a verification mail to ${email} in ${outbox}`).not.toBeNull()
  return match![0]
}

test('an admin assigns a package to a new learner through the assigner, the learner gets it, loses it when unassigned, and verifies the e-mail from the outbox', async ({
  page,
  request,
  baseURL,
}) => {
  const learner = newLearner('Assigned')
  await registerViaApi(request, learner)
  const adminSession = await loginViaApi(request, admin.email, admin.password)
  const title = `Assigned Package ${Date.now()}`
  const created = await request.post('/api/packages/createPackage', {
    headers: { authorization: `Bearer ${adminSession.token}` },
    data: {
      title,
      description: 'For the assignment journey.',
      price: '5',
      skills: [{ title: 'Only skill', description: 'A skill.', price: '1' }],
    },
  })
  expect(created.status()).toBe(201)
  const packageId = ((await created.json()) as { data: { id: number } }).data.id

  await storeSession(page, adminSession)
  await page.goto('/admin/package-assigner')
  await page.getByRole('searchbox', { name: 'Search users' }).fill(learner.email)
  await page.getByRole('button', { name: `Assign packages to ${learner.name}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('checkbox', { name: title }).check()
  await dialog.getByRole('button', { name: /^Assign/ }).click()
  await expect(page.getByText('Packages assigned!')).toBeVisible()

  const learnerSession = await loginViaApi(request, learner.email, learner.password)
  const auth = { authorization: `Bearer ${learnerSession.token}` }
  const me = (await (await request.get('/api/user/getUserByEmail', { headers: auth })).json()) as { data: { packages: { id: number }[] } }
  expect(me.data.packages.map((p) => p.id)).toContain(packageId)
  expect((await request.get(`/api/packages/${packageId}`, { headers: auth })).status()).toBe(200)

  await page.getByRole('button', { name: `View packages of ${learner.name}` }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Remove ${title}` })
    .click()
  await expect(page.getByText(`Removed ${title}`)).toBeVisible()
  expect((await request.get(`/api/packages/${packageId}`, { headers: auth })).status()).toBe(403)

  // The link in the verification mail opens the verify page, which says it worked; a second use does not.
  const link = new URL(verificationLink(learner.email))
  await page.goto(`${baseURL}${link.pathname}${link.search}`)
  await expect(page.getByText('Email verified successfully!')).toBeVisible()
  const again = await request.get(`/api/user/verify${link.search}`)
  expect(again.status()).toBe(400)
  const verified = (await (await request.get('/api/user/getUserByEmail', { headers: auth })).json()) as { data: { emailVerified: boolean } }
  expect(verified.data.emailVerified).toBe(true)
})
