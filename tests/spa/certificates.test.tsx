import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { issueCertificateIfEnabled } from '../../server/certificates/issue.ts'
import { certificateSettings, certificates, packages, userPackages } from '../../server/db/schema.ts'
import { insertTree } from '../../server/test/content.ts'
import { captureDownloads } from '../support/downloads.ts'
import { mswServer, recordBodies, recordRequests } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { findToast, queryToasts } from '../support/toasts.ts'

/** Certificates: My certificates, the public check page, the package forms' settings, and the table on /reports. */

const ctx = () => testContext()

/** 'Fire safety' issuing 12-month certificates, assigned to the learner, and the learner's certificate. */
async function earned(learnerId: number) {
  const tree = await insertTree(ctx().deps.db, { skills: 1, topics: 1, subTopics: 1 })
  await ctx().deps.db.update(packages).set({ title: 'Fire safety' }).where(eq(packages.id, tree.packageId))
  await ctx().deps.db.insert(certificateSettings).values({ packageId: tree.packageId, enabled: true, validityMonths: 12 })
  await ctx().deps.db.insert(userPackages).values({ userId: learnerId, packageId: tree.packageId })
  const issued = await ctx().deps.db.transaction((tx) => issueCertificateIfEnabled(tx, learnerId, tree.packageId, ctx().now))
  return { packageId: tree.packageId, ...issued! }
}

describe('My certificates', () => {
  it('lists the certificate with its status in words, copies its verification link, and the packages show it was earned', async () => {
    const me = await signInAs('USER', { name: 'Ada Lovelace' })
    const { code } = await earned(me.user.id)
    const { user } = renderApp('/user/certificates')
    const card = await screen.findByRole('article', { name: 'Fire safety' })
    expect(within(card).getByText('Valid')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Download PDF of the certificate for Fire safety' })).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: /^Copy verification link/ }))
    expect(await within(card).findByRole('button', { name: /^Copied verification link/ })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/verify/${code}`)
    await user.click(screen.getByRole('link', { name: 'My Packages' }))
    expect(await screen.findByText('Certificate earned')).toBeInTheDocument()
  })

  it("says 'Recertify by …' in the viewer and on My Packages once a renewal cycle is open", async () => {
    const me = await signInAs('USER')
    const { packageId } = await earned(me.user.id)
    await ctx()
      .deps.db.update(userPackages)
      .set({ cycle: 2, cycleStartedAt: ctx().now, completedAt: null, recertifyBy: new Date('2027-01-15T12:00:00Z') })
      .where(eq(userPackages.userId, me.user.id))
    const { user } = renderApp(`/topics/${packageId}`)
    expect(await screen.findByText('Recertify by 15 Jan 2027')).toBeInTheDocument()
    expect(screen.queryByText('Certificate earned')).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'My Packages' }))
    const card = await screen.findByRole('article', { name: /Fire safety/ })
    expect(await within(card).findByText('Recertify by 15 Jan 2027')).toBeInTheDocument()
  })

  it("shows the dates as calendar days in the viewer's time zone, as due dates are shown", async () => {
    const zone = process.env.TZ
    process.env.TZ = 'Pacific/Auckland'
    try {
      // 20:00 UTC on 4 March is 09:00 on 5 March in Auckland
      ctx().now = new Date('2026-03-04T20:00:00Z')
      const me = await signInAs('USER')
      await earned(me.user.id)
      renderApp('/user/certificates')
      const card = await screen.findByRole('article', { name: 'Fire safety' })
      expect(within(card).getByText('Issued 5 Mar 2026 · Valid until 5 Mar 2027')).toBeInTheDocument()
    } finally {
      process.env.TZ = zone
    }
  })

  it('says when there is none yet', async () => {
    await signInAs('USER')
    renderApp('/user/certificates')
    expect(await screen.findByText(/No certificates yet/)).toBeInTheDocument()
  })
})

describe('/verify/{code}', () => {
  it('says valid, with the name, the package and the dates, signed out', async () => {
    const learner = await ctx().createUser({ name: 'Ada Lovelace' })
    const { code } = await earned(learner.user.id)
    renderApp(`/verify/${code}`)
    expect(await screen.findByText('This certificate is valid')).toBeInTheDocument()
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.getByText('Fire safety')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument()
  })

  it('says expired once the clock passes the expiry date', async () => {
    const learner = await ctx().createUser()
    const { code } = await earned(learner.user.id)
    ctx().now = new Date(ctx().now.getTime() + 400 * 86_400_000)
    renderApp(`/verify/${code}`)
    expect(await screen.findByText('This certificate has expired')).toBeInTheDocument()
  })

  it('says revoked, with the date', async () => {
    const learner = await ctx().createUser()
    const { id, code } = await earned(learner.user.id)
    await ctx().deps.db.update(certificates).set({ revokedAt: ctx().now, revokeReason: 'Fraud' }).where(eq(certificates.id, id))
    renderApp(`/verify/${code}`)
    expect(await screen.findByText('This certificate was revoked')).toBeInTheDocument()
    expect(screen.getByText(/^Revoked on /)).toBeInTheDocument()
    expect(screen.queryByText(/Fraud/)).not.toBeInTheDocument()
  })

  it('says it found nothing for an unknown code', async () => {
    renderApp('/verify/AAAAAAAAAAAAAAAAAAAAAAAA')
    expect(await screen.findByRole('alert')).toHaveTextContent('We found no certificate with this code.')
  })
})

describe('certificate settings on the package edit page', () => {
  const section = () => screen.findByRole('form', { name: 'Certificates' })

  it('explains each field, saves the settings and keeps the package form beside them', async () => {
    await signInAs('admin')
    const tree = await insertTree(ctx().deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const { user } = renderApp(`/package/edit/${tree.packageId}`)
    const settings = await section()
    expect(screen.getByRole('form', { name: 'Update Package' })).toBeInTheDocument()
    const enabled = within(settings).getByRole('switch', { name: /^Issue certificates/ })
    expect(enabled).not.toBeChecked()
    expect(within(settings).getByText('Learners who complete this package get a certificate anyone can verify.')).toBeInTheDocument()
    const validity = within(settings).getByRole('textbox', { name: 'Valid for (months)' })
    expect(validity).toHaveAccessibleDescription('Leave empty for certificates that never expire.')
    expect(validity).toBeDisabled()
    const renew = within(settings).getByRole('textbox', { name: 'Start recertification (days before expiry)' })
    expect(renew).toHaveAccessibleDescription('The learner starts the package again this many days before the certificate expires.')
    expect(renew).toHaveValue('30')

    await user.click(enabled)
    await user.type(validity, '12')
    await user.clear(renew)
    await user.type(renew, '14')
    await user.click(within(settings).getByRole('button', { name: 'Save certificate settings' }))
    await findToast('Certificate settings saved')
    const [row] = await ctx().deps.db.select().from(certificateSettings).where(eq(certificateSettings.packageId, tree.packageId))
    expect(row).toMatchObject({ enabled: true, validityMonths: 12, renewDaysBefore: 14 })
  })

  it('shows a bad validity inline and sends nothing', async () => {
    await signInAs('admin')
    const tree = await insertTree(ctx().deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const { user } = renderApp(`/package/edit/${tree.packageId}`)
    const settings = await section()
    await user.click(within(settings).getByRole('switch', { name: /^Issue certificates/ }))
    const validity = within(settings).getByRole('textbox', { name: 'Valid for (months)' })
    await user.type(validity, '999')
    const requests = recordRequests()
    await user.click(within(settings).getByRole('button', { name: 'Save certificate settings' }))
    expect(await within(settings).findByText('Validity must be at most 120 months')).toBeInTheDocument()
    requests.stop()
    expect(requests.seen.filter((r) => r.includes('certificate-settings'))).toEqual([])
  })

  it('says the settings failed to load and keeps the package form usable', async () => {
    await signInAs('admin')
    const tree = await insertTree(ctx().deps.db, { skills: 1, topics: 1, subTopics: 1 })
    mswServer.use(
      http.get('*/api/packages/:id/certificate-settings', () =>
        HttpResponse.json({ success: false, message: 'Database unavailable', status: 500 }, { status: 500 }),
      ),
    )
    renderApp(`/package/edit/${tree.packageId}`)
    expect(await screen.findByRole('form', { name: 'Update Package' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getAllByText('Failed to load the certificate settings').length).toBeGreaterThan(0)
    expect(screen.queryByRole('form', { name: 'Certificates' })).not.toBeInTheDocument()
  })
})

describe('certificate settings on the package create form', () => {
  const packageForm = () => screen.getByRole('form', { name: 'Create Package' })
  const settings = () => within(packageForm()).getByRole('region', { name: 'Certificates' })
  type User = ReturnType<typeof renderApp>['user']

  /** The package's own fields, pasted: the settings are what these tests are about. */
  async function fillPackage(user: User, title: string) {
    for (const [label, value] of [
      [/^Title/, title],
      [/^Description/, 'Evacuation and extinguishers'],
      [/^Price/, '10'],
    ] as const) {
      await user.click(within(packageForm()).getAllByLabelText(label)[0]!)
      await user.paste(value)
    }
    const skill = within(packageForm()).getByRole('group', { name: 'Skill 1' })
    for (const [label, value] of [
      [/^Skill title/, 'Extinguishers'],
      [/^Skill description/, 'Which one for which fire'],
      [/^Skill price/, '5'],
    ] as const) {
      await user.click(within(skill).getByLabelText(label))
      await user.paste(value)
    }
  }

  async function enableCertificates(user: User, months: string, days: string) {
    await user.click(within(settings()).getByRole('switch', { name: /^Issue certificates/ }))
    await user.type(within(settings()).getByRole('textbox', { name: 'Valid for (months)' }), months)
    const renew = within(settings()).getByRole('textbox', { name: 'Start recertification (days before expiry)' })
    await user.clear(renew)
    await user.type(renew, days)
  }

  const created = async (title: string) => (await ctx().deps.db.select().from(packages).where(eq(packages.title, title))).map((p) => p.id)

  it('explains each field, and one click creates the package with its settings saved, with one toast', async () => {
    await signInAs('admin')
    const { user, pathname } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })
    const enabled = within(settings()).getByRole('switch', { name: /^Issue certificates/ })
    expect(enabled).not.toBeChecked()
    expect(enabled).toHaveAccessibleDescription('Learners who complete this package get a certificate anyone can verify.')
    expect(within(settings()).getByRole('textbox', { name: 'Valid for (months)' })).toHaveAccessibleDescription(
      'Leave empty for certificates that never expire.',
    )
    expect(within(settings()).getByRole('textbox', { name: 'Start recertification (days before expiry)' })).toHaveAccessibleDescription(
      'The learner starts the package again this many days before the certificate expires.',
    )

    await fillPackage(user, 'Fire safety')
    await enableCertificates(user, '24', '45')
    const saved = recordBodies('PUT', /\/certificate-settings$/)
    await user.click(within(packageForm()).getByRole('button', { name: 'Create Package' }))
    await findToast('Package created')
    await waitFor(() => expect(pathname()).toBe('/package'))
    const [id] = await created('Fire safety')
    const [row] = await ctx().deps.db.select().from(certificateSettings).where(eq(certificateSettings.packageId, id!))
    expect(row).toMatchObject({ enabled: true, validityMonths: 24, renewDaysBefore: 45 })
    expect(saved).toEqual([{ enabled: true, validityMonths: 24, renewDaysBefore: 45 }])
    expect(queryToasts('Certificate settings saved')).toEqual([])
  })

  it('shows a bad renewal inline, takes the keyboard to it, and creates nothing', async () => {
    await signInAs('admin')
    const { user, pathname } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })
    await fillPackage(user, 'Fire safety')
    await enableCertificates(user, '12', '400')
    const requests = recordRequests()
    await user.click(within(packageForm()).getByRole('button', { name: 'Create Package' }))
    const renew = within(settings()).getByRole('textbox', { name: 'Start recertification (days before expiry)' })
    await waitFor(() => expect(renew).toHaveFocus())
    expect(within(settings()).getByText('Renewal must be at most 365 days before expiry')).toBeInTheDocument()
    requests.stop()
    expect(requests.seen.filter((r) => !r.startsWith('GET'))).toEqual([])
    expect(await created('Fire safety')).toEqual([])
    expect(pathname()).toBe('/package/create')
  })

  it("leaves the admin on the new package's edit page, saying so, when the settings fail to save", async () => {
    await signInAs('admin')
    mswServer.use(
      http.put('*/api/packages/:id/certificate-settings', () =>
        HttpResponse.json({ success: false, message: 'Database unavailable', status: 503 }, { status: 503 }),
      ),
    )
    const { user, pathname } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })
    await fillPackage(user, 'Fire safety')
    await enableCertificates(user, '12', '30')
    await user.click(within(packageForm()).getByRole('button', { name: 'Create Package' }))
    await findToast('Package created, but its certificate settings were not saved')
    const [id] = await created('Fire safety')
    await waitFor(() => expect(pathname()).toBe(`/package/edit/${id}`))
    expect(await screen.findByRole('form', { name: 'Certificates' })).toBeInTheDocument()
    expect(await ctx().deps.db.select().from(certificateSettings)).toEqual([])
  })
})

describe('certificates on /reports', () => {
  it('revokes a certificate with a reason, after confirming', async () => {
    await signInAs('admin')
    const learner = await ctx().createUser({ name: 'Ada Lovelace' })
    const { id } = await earned(learner.user.id)
    const { user } = renderApp('/reports')
    const table = await screen.findByRole('table', { name: 'Certificates' })
    await user.click(within(table).getByRole('button', { name: 'Revoke the certificate of Ada Lovelace for Fire safety' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke certificate' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }))
    expect(await within(dialog).findByText('Please give a reason for revoking')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Issued by mistake')
    await user.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }))
    await findToast('Certificate revoked')
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Certificates' })).getByText('Revoked')).toBeInTheDocument())
    const [row] = await ctx().deps.db.select().from(certificates).where(eq(certificates.id, id))
    expect(row).toMatchObject({ revokeReason: 'Issued by mistake' })
    expect(row!.revokedAt).not.toBeNull()
  })
  it('filters by learner, found by name or e-mail, and exports what it shows', async () => {
    await signInAs('admin')
    const ada = await ctx().createUser({ name: 'Ada Lovelace', email: 'ada@example.com' })
    const grace = await ctx().createUser({ name: 'Grace Hopper', email: 'grace@navy.example' })
    const { packageId } = await earned(ada.user.id)
    await ctx().deps.db.insert(userPackages).values({ userId: grace.user.id, packageId })
    await ctx().deps.db.transaction((tx) => issueCertificateIfEnabled(tx, grace.user.id, packageId, ctx().now))
    const { user } = renderApp('/reports')
    const table = await screen.findByRole('table', { name: 'Certificates' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)

    const learner = screen.getByRole('combobox', { name: 'Learner' })
    expect(learner).toHaveAttribute('placeholder', 'Search by name or e-mail')
    await user.click(learner)
    await user.type(learner, 'NAVY')
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper · grace@navy.example' }))
    expect(screen.queryByRole('option', { name: /Ada Lovelace/ })).not.toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Certificates' })).getAllByRole('row')).toHaveLength(2))
    expect(within(screen.getByRole('table', { name: 'Certificates' })).getByText('Grace Hopper')).toBeInTheDocument()

    const saved = captureDownloads()
    await user.click(screen.getByRole('button', { name: 'Export certificates CSV' }))
    await findToast('Certificates exported')
    expect(saved.map((file) => file.name)).toEqual(['certificates.csv'])
    const csv = await saved[0]!.blob.text()
    expect(csv).toContain('grace@navy.example')
    expect(csv).not.toContain('ada@example.com')
  })

  it('says the learners failed to load, and Retry loads them', async () => {
    await signInAs('admin')
    const learner = await ctx().createUser({ name: 'Ada Lovelace' })
    await earned(learner.user.id)
    let failing = true
    mswServer.use(
      http.get('*/api/user/all', ({ request }) =>
        failing ? HttpResponse.json({ success: false, message: 'Down', status: 503 }, { status: 503 }) : ctx().app.fetch(request),
      ),
    )
    const { user } = renderApp('/reports')
    await screen.findByRole('table', { name: 'Certificates' })
    await user.click(screen.getByRole('combobox', { name: 'Learner' }))
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await user.click(screen.getByRole('combobox', { name: 'Learner' }))
    expect(await screen.findByRole('option', { name: /^Ada Lovelace · / })).toBeInTheDocument()
  })
})
