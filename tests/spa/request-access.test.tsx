import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { User } from '../../contract/auth.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { findToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

const card = async (title: string) =>
  within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', { name: title })

/** 'Owned Path' (assigned to the learner), 'Cloud Basics' (priced, not assigned) and 'Open Course' (price 0, not assigned). */
async function catalogue() {
  // Signed in as the admin until a test signs in someone else.
  const admin = await signInAs('admin', { email: 'admin@example.com' })
  const owned = await seedTree(admin.token, { title: 'Owned Path', price: '10.00', skills: [{ title: 'Basics' }] })
  const cloud = await seedTree(admin.token, { title: 'Cloud Basics', price: '1999.50', skills: [{ title: 'Serverless' }] })
  const open = await seedTree(admin.token, { title: 'Open Course', price: '0', skills: [{ title: 'Intro', price: '0' }] })
  return { admin, owned, cloud, open }
}

describe("learners ask for a package they do not have: 'Request access'", () => {
  it("records the request, mails the admins, and shows 'Access requested' from then on", async () => {
    const { admin, owned } = await catalogue()
    const me = await signInAs('USER', { name: 'Lena Learner', email: 'lena@example.com' })
    await assignPackages(admin.token, me.user.id, [owned.id])
    const { user, unmount } = renderApp('/user/my-dashboard')

    const cloud = await card('Cloud Basics')
    expect(within(await card('Owned Path')).queryByRole('button', { name: /Request access/ })).not.toBeInTheDocument()
    await user.click(within(cloud).getByRole('button', { name: 'Request access to Cloud Basics' }))
    expect(await findToast('Access requested')).toBeInTheDocument()
    expect(await within(cloud).findByText('Access requested')).toBeInTheDocument()
    expect(within(cloud).queryByRole('button', { name: /Request access/ })).not.toBeInTheDocument()
    expect(testContext().outbox.map((m) => [m.to, m.subject])).toEqual([['admin@example.com', 'Access requested: Cloud Basics']])

    // It stays requested on the next visit.
    unmount()
    renderApp('/user/my-dashboard')
    expect(await within(await card('Cloud Basics')).findByText('Access requested')).toBeInTheDocument()
    expect(within(await card('Open Course')).getByRole('button', { name: 'Request access to Open Course' })).toBeInTheDocument()
  })

  it("shows a price of 0 as 'Free' and the others in rupees by default", async () => {
    await catalogue()
    await signInAs('USER')
    renderApp('/user/my-dashboard')
    expect(within(await card('Open Course')).getByText('Free')).toBeInTheDocument()
    expect(within(await card('Cloud Basics')).getByText('₹1,999.50')).toBeInTheDocument()
  })

  it('shows prices in the currency the server is set to', async () => {
    await catalogue()
    await signInAs('USER')
    mswServer.use(
      http.get('*/api/config', () => HttpResponse.json({ success: true, status: 200, data: { googleClientId: null, currency: 'USD' } })),
    )
    renderApp('/user/my-dashboard')
    expect(await within(await card('Cloud Basics')).findByText('$1,999.50')).toBeInTheDocument()
  })
})

describe('admins answer access requests on the package assigner', () => {
  it('lists open requests; Assign gives the learner the package, Dismiss closes the request', async () => {
    const { admin, cloud, open } = await catalogue()
    const ada = await testContext().createUser({ name: 'Ada Lovelace', email: 'ada@example.com' })
    const ben = await testContext().createUser({ name: 'Ben Byte', email: 'ben@example.com' })
    for (const [learner, pkg] of [
      [ada, cloud],
      [ben, open],
    ] as const) {
      const res = await testContext().request('POST', '/api/access-requests', { token: learner.token, body: { packageId: pkg.id } })
      expect(res.status).toBe(201)
    }
    const { user } = renderApp('/admin/package-assigner')

    const requests = await screen.findByRole('table', { name: 'Access requests' })
    const adaRow = await within(requests).findByRole('row', { name: /Ada Lovelace/ })
    expect(adaRow).toHaveTextContent('ada@example.com')
    expect(adaRow).toHaveTextContent('Cloud Basics')
    await user.click(within(adaRow).getByRole('button', { name: 'Assign Cloud Basics to Ada Lovelace' }))
    expect(await findToast('Package assigned')).toBeInTheDocument()
    await waitFor(() => expect(within(requests).queryByRole('row', { name: /Ada Lovelace/ })).not.toBeInTheDocument())
    const adaNow = await testContext().request<User>('GET', `/api/user/getUserById?id=${ada.user.id}`, { token: admin.token })
    expect(adaNow.body.data!.packages.map((p) => p.title)).toEqual(['Cloud Basics'])

    const benRow = within(requests).getByRole('row', { name: /Ben Byte/ })
    await user.click(within(benRow).getByRole('button', { name: 'Dismiss the request of Ben Byte for Open Course' }))
    expect(await findToast('Request dismissed')).toBeInTheDocument()
    expect(await screen.findByText('No open access requests.')).toBeInTheDocument()
    const benNow = await testContext().request<User>('GET', `/api/user/getUserById?id=${ben.user.id}`, { token: admin.token })
    expect(benNow.body.data!.packages).toEqual([])
  })
})
