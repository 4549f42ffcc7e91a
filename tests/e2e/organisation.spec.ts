import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { admin, loginViaApi, storeSession } from './support.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The invitation link from the newest .eml in the server's outbox addressed to `email`. */
function invitationLink(email: string): string {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
  const mails = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(email) && text.includes('accept-invite?token='))
  const match = /https?:\/\/\S*accept-invite\?token=[\w-]+/.exec(mails.at(-1) ?? '')
  expect(match, `an invitation to ${email} in ${outbox}`).not.toBeNull()
  return match![0]
}

async function sheetOf(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Users')
  sheet.addRow(['Email', 'Name', 'Role', 'Groups', 'Packages'])
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

test('an admin imports three people into a new group, gives the group a package due in 2 days; an invited learner sets a password, sees it due and is notified', async ({
  page,
  request,
  baseURL,
}) => {
  const stamp = Date.now()
  const group = `Starters ${stamp}`
  const people = ['Ada', 'Ben', 'Cleo'].map((name) => ({ name: `${name} Import`, email: `${name.toLowerCase()}.${stamp}@example.com` }))
  const staff = await loginViaApi(request, admin.email, admin.password)
  const title = `Fire Safety ${stamp}`
  const created = await request.post('/api/packages/createPackage', {
    headers: { authorization: `Bearer ${staff.token}` },
    data: { title, description: 'Mandatory training.', price: '0', skills: [{ title: 'Exits', description: 'Ways out.', price: '0' }] },
  })
  expect(created.status()).toBe(201)

  // The import: a preview first, then the import itself.
  await storeSession(page, staff)
  await page.goto('/admin/import-users')
  const form = page.getByRole('form', { name: 'Import users' })
  await form.locator('input[type="file"]').setInputFiles({
    name: 'people.xlsx',
    mimeType: XLSX,
    buffer: await sheetOf(people.map((p) => [p.email, p.name, 'Learner', group, ''])),
  })
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview.getByText('Invitations to send')).toBeVisible()
  await form.getByRole('button', { name: 'Import' }).click()
  const outcome = page.getByRole('region', { name: 'Import result' })
  await expect(outcome).toBeVisible()
  await expect(outcome.getByText('Created')).toBeVisible()

  // The new group has the three; it gets the package, due 2 days after assignment.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click()
  await page.getByRole('link', { name: group }).click()
  for (const person of people) await expect(page.getByText(person.email)).toBeVisible()
  const assign = page.getByRole('form', { name: 'Assign a package to the group' })
  await assign.getByLabel('Package').selectOption({ label: title })
  await assign.getByRole('radio', { name: 'Days after assignment' }).check()
  await assign.getByRole('textbox', { name: 'Days after assignment' }).fill('2')
  await assign.getByRole('button', { name: 'Assign package' }).click()
  await expect(page.getByRole('list', { name: 'Group packages' }).getByRole('listitem', { name: title })).toBeVisible()

  // Ada follows her invitation, chooses a password and is signed in.
  await page.evaluate(() => localStorage.clear())
  const link = new URL(invitationLink(people[0]!.email))
  await page.goto(`${baseURL}${link.pathname}${link.search}`)
  const choose = page.getByRole('form', { name: 'Choose your password' })
  await choose.getByRole('textbox', { name: 'New password', exact: true }).fill('a-strong-new-password')
  await choose.getByRole('textbox', { name: 'Confirm new password' }).fill('a-strong-new-password')
  await choose.getByRole('button', { name: 'Set password and sign in' }).click()
  await page.getByRole('link', { name: 'Continue' }).click()

  // Her package is due in two days, in words, and the bell tells her it was assigned.
  const due = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
  await page.goto('/user/packages')
  await expect(page.getByText(title).first()).toBeVisible()
  await expect(page.getByText(new RegExp(`Due ${due}`)).first()).toBeVisible()
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ })
  await expect(bell).toBeVisible()
  await bell.click()
  await expect(page.getByText(`New package: ${title}`)).toBeVisible()
})
