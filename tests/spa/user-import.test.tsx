import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { eq } from 'drizzle-orm'
import { users } from '../../server/db/schema.ts'
import { csv, HEADER } from '../../server/test/user-import.ts'
import { captureDownloads } from '../support/downloads.ts'
import { fileOf } from '../support/media.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { findToast } from '../support/toasts.ts'
import { seedPackage } from '../support/users.ts'

/** Import users (/admin/import-users): the template, the server's dry-run preview with the rows it would skip, then the import. */

const csvFile = (rows: string[][], name = 'people.csv') => fileOf(new Uint8Array(csv(rows)), name, 'text/csv')
const fileInput = (form: HTMLElement) => form.querySelector<HTMLInputElement>('input[type=file]')!
const accountOf = async (email: string) => (await testContext().deps.db.select().from(users).where(eq(users.email, email)))[0]

async function openImport() {
  const view = renderApp('/admin/import-users')
  expect(await screen.findByRole('heading', { level: 1, name: 'Import users' })).toBeInTheDocument()
  return { ...view, form: screen.getByRole('form', { name: 'Import users' }) }
}

const PEOPLE = [
  HEADER,
  ['new.person@example.com', 'New Person', 'Learner', 'Sales', 'Safety basics'],
  ['not-an-email', 'Nobody', '', '', ''],
  ['other@example.com', 'Other', '', '', 'Astrophysics'],
]

describe('Import users', () => {
  it('is reached from the Users page', async () => {
    await signInAs('admin')
    const { user, pathname } = renderApp('/admin/paginated-users')
    await user.click(await screen.findByRole('link', { name: 'Import users' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Import users' })).toBeInTheDocument()
    expect(pathname()).toBe('/admin/import-users')
  })

  it('previews a file (counts and a table of the rows with errors) storing nothing, then imports it and shows the result', async () => {
    const { token } = await signInAs('admin')
    await seedPackage(token, 'Safety basics')
    const { user, form } = await openImport()
    expect(fileInput(form)).toHaveAttribute('accept', expect.stringContaining('.csv'))
    await user.upload(fileInput(form), csvFile(PEOPLE))

    const preview = await within(form).findByRole('region', { name: 'Preview' })
    for (const figure of ['Rows: 3', 'To create: 1', 'To update: 0', 'Unchanged: 0', 'Invitations to send: 1', 'Rows with errors: 2'])
      expect(within(preview).getByText(figure)).toBeInTheDocument()
    const skipped = within(preview).getByRole('table', { name: 'Rows that will be skipped' })
    expect(
      within(skipped)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RowProblem', "3Email must be a valid e-mail address: 'not-an-email'", "4Unknown package: 'Astrophysics'"])
    // The preview is the server's dry run: nobody is stored or mailed until Import.
    expect(await accountOf('new.person@example.com')).toBeUndefined()
    expect(testContext().outbox).toEqual([])

    await user.click(within(form).getByRole('button', { name: 'Import' }))
    expect(await findToast('Users imported')).toBeInTheDocument()
    expect(await findToast('1 created, 0 updated, 2 skipped')).toBeInTheDocument()
    const result = await within(form).findByRole('region', { name: 'Import result' })
    for (const figure of ['Created: 1', 'Updated: 0', 'Unchanged: 0', 'Invited: 1', 'Skipped: 2'])
      expect(within(result).getByText(figure)).toBeInTheDocument()
    expect(within(within(result).getByRole('table', { name: 'Skipped rows' })).getAllByRole('row')).toHaveLength(3)
    // The result replaced the button just pressed: focus moves to it.
    await waitFor(() => expect(result).toHaveFocus())
    expect(within(form).queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument()
    expect(await accountOf('new.person@example.com')).toMatchObject({ name: 'New Person', passwordHash: null })
    expect(testContext().outbox.map((mail) => mail.to)).toEqual(['new.person@example.com'])
  })

  it('a file with the wrong columns: the preview says what is missing and Import stays disabled', async () => {
    await signInAs('admin')
    const { user, form } = await openImport()
    await user.upload(
      fileInput(form),
      csvFile([
        ['Email', 'Name'],
        ['a@example.com', 'A'],
      ]),
    )
    const refusal = await within(form).findByRole('alert')
    expect(refusal).toHaveTextContent('This file cannot be imported')
    expect(refusal).toHaveTextContent('missing: Role, Groups, Packages')
    expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('a file that would change nothing keeps Import disabled and says so', async () => {
    const { user: admin } = await signInAs('admin')
    const { user, form } = await openImport()
    await user.upload(fileInput(form), csvFile([HEADER, [admin.email, '', '', '', '']]))
    const preview = await within(form).findByRole('region', { name: 'Preview' })
    expect(within(preview).getByText('Unchanged: 1')).toBeInTheDocument()
    expect(within(preview).getByText('Importing this file would change nothing: every row is unchanged or has errors.')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('asks for a file, and takes only .xlsx and .csv', async () => {
    await signInAs('admin')
    const { user, form } = await openImport()
    await user.click(within(form).getByRole('button', { name: 'Import' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a file to import')
    fireEvent.change(fileInput(form), { target: { files: [fileOf(new Uint8Array([1, 2, 3]), 'people.pdf', 'application/pdf')] } })
    expect(await within(form).findByText('Only .xlsx and .csv files are accepted')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it("a failed import toasts 'User import failed' with the server's reason", async () => {
    await signInAs('admin')
    mswServer.use(
      http.post('*/api/user/import', ({ request }) =>
        new URL(request.url).searchParams.get('dryRun') === 'true'
          ? undefined
          : HttpResponse.json({ success: false, status: 409, message: 'An account was created meanwhile' }, { status: 409 }),
      ),
    )
    const { user, form } = await openImport()
    await user.upload(fileInput(form), csvFile([HEADER, ['x@example.com', 'X', '', '', '']]))
    await within(form).findByRole('region', { name: 'Preview' })
    await user.click(within(form).getByRole('button', { name: 'Import' }))
    expect(await findToast('User import failed')).toBeInTheDocument()
    expect(await findToast('An account was created meanwhile')).toBeInTheDocument()
  })

  it('downloads the template; a failed download says so beside the button', async () => {
    await signInAs('admin')
    const saved = captureDownloads()
    const { user } = await openImport()
    await user.click(screen.getByRole('button', { name: 'Download template' }))
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['user-import-template.xlsx']))
    const ExcelJS = (await import('exceljs')).default
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await saved[0]!.blob.arrayBuffer())
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER)

    mswServer.use(http.get('*/api/user/import/template', () => HttpResponse.json({ success: false, status: 500 }, { status: 500 })))
    await user.click(screen.getByRole('button', { name: 'Download template' }))
    expect(await screen.findByText('Failed to download the template.')).toBeInTheDocument()
  })
})
