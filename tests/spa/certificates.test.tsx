import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { issueCertificateIfEnabled } from '../../server/certificates/issue.ts'
import { certificateSettings, certificates, packages, userPackages } from '../../server/db/schema.ts'
import { insertTree } from '../../server/test/content.ts'
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
