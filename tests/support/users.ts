import { http, HttpResponse } from 'msw'
import type { User } from '../../contract/auth.ts'
import type { Package } from '../../contract/content.ts'
import { mswServer, testContext } from './server.ts'

/** Creates learners named 'Learner 01', 'Learner 02', … (ids follow the signed-in admin's). */
export async function seedLearners(count: number, prefix = 'Learner'): Promise<User[]> {
  const created: User[] = []
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(2, '0')
    created.push(
      (await testContext().createUser({ name: `${prefix} ${n}`, email: `${prefix.toLowerCase().replace(/\s+/g, '.')}${n}@example.com` }))
        .user,
    )
  }
  return created
}

export async function seedPackage(token: string, title: string, description = `${title} description`): Promise<Package> {
  const res = await testContext().request<Package>('POST', '/api/packages/createPackage', {
    token,
    body: { title, description, price: '100.00', skills: [{ title: `${title} skill`, description: 'A skill', price: '10.00' }] },
  })
  if (res.status !== 201) throw new Error(`seedPackage: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

export async function assignPackages(adminToken: string, userId: number, packageIds: number[]): Promise<User> {
  const res = await testContext().request<User>('PUT', `/api/user/${userId}/assign-packages`, { token: adminToken, body: { packageIds } })
  if (res.status !== 200) throw new Error(`assign: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

export async function fetchUser(token: string, id: number): Promise<User> {
  const res = await testContext().request<User>('GET', `/api/user/getUserById?id=${id}`, { token })
  if (res.status !== 200) throw new Error(`fetchUser: ${res.status}`)
  return res.body.data!
}

/** Makes one call answer with a server error envelope. */
export function failing(method: 'get' | 'put' | 'delete', path: string, status = 500, message = 'Database unavailable') {
  mswServer.use(
    http[method](`*/api${path}`, () =>
      HttpResponse.json({ success: false, message, status, timestamp: new Date().toISOString() }, { status }),
    ),
  )
}
