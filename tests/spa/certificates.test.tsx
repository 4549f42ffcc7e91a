import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { issueCertificateIfEnabled } from '../../server/certificates/issue.ts'
import { certificateSettings, certificates, packages, userPackages } from '../../server/db/schema.ts'
import { insertTree } from '../../server/test/content.ts'
import { mswServer, recordRequests } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { findToast } from '../support/toasts.ts'

/** Certificates: My certificates, the public check page, the package form's settings and revoking on /reports. */

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
})
