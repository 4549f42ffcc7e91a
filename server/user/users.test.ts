import { and, eq } from 'drizzle-orm'
import type { LoginResponse, User } from '../../contract/auth.ts'
import type { Package } from '../../contract/content.ts'
import type { Page } from '../../contract/envelope.ts'
import { packages, skills, subTopics, topics, userPackages, users } from '../db/schema.ts'
import { verifyPassword } from '../auth/passwords.ts'
import { setupTestContext } from '../test/harness.ts'

/** Every /api/user endpoint that is not a mail link: reading users, assignments, roles, profile and password. */

const USER_KEYS = [
  'captionsLanguage',
  'captionsOn',
  'email',
  'emailVerified',
  'familyName',
  'givenName',
  'id',
  'locale',
  'name',
  'packages',
  'pictureUrl',
  'playbackRate',
  'reminderEmails',
  'role',
]
const PAGE_KEYS = ['content', 'empty', 'first', 'last', 'number', 'size', 'totalElements', 'totalPages']

const ctx = setupTestContext()

/** A package with `skillCount` skills, one topic per skill and one sub-topic per topic. */
async function insertPackage(label: string, skillCount = 2) {
  const [pkg] = await ctx.deps.db
    .insert(packages)
    .values({ title: `${label} package`, description: `${label} description`, price: '49.50' })
    .returning()
  const skillRows = await ctx.deps.db
    .insert(skills)
    .values(
      Array.from({ length: skillCount }, (_, i) => ({
        packageId: pkg!.id,
        title: `${label} skill ${i}`,
        description: `${label} skill ${i} text`,
        price: '10.00',
      })),
    )
    .returning()
  const topicRows = await ctx.deps.db
    .insert(topics)
    .values(skillRows.map((s, i) => ({ skillId: s.id, title: `${label} topic ${i}`, description: `${label} topic ${i} text` })))
    .returning()
  const subTopicRows = await ctx.deps.db
    .insert(subTopics)
    .values(topicRows.map((t, i) => ({ topicId: t.id, title: `${label} sub-topic ${i}`, description: `${label} sub-topic ${i} text` })))
    .returning()
  return {
    id: pkg!.id,
    skillIds: skillRows.map((s) => s.id),
    topicIds: topicRows.map((t) => t.id),
    subTopicIds: subTopicRows.map((s) => s.id),
  }
}

const assignments = (userId: number) => ctx.deps.db.select().from(userPackages).where(eq(userPackages.userId, userId))
const assign = (userId: number, packageIds: unknown, token: string) =>
  ctx.request<User>('PUT', `/api/user/${userId}/assign-packages`, { token, body: { packageIds } })

describe('reading users', () => {
  it('getUserById: a learner reads themselves, with their packages and skills', async () => {
    const me = await ctx.createUser({ email: 'lena@example.com', name: 'Lena' })
    const p = await insertPackage('P')
    await ctx.deps.db.insert(userPackages).values({ userId: me.user.id, packageId: p.id })
    const res = await ctx.request<User>('GET', `/api/user/getUserById?id=${me.user.id}`, { token: me.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('User Found')
    expect(Object.keys(res.body.data!).sort()).toEqual(USER_KEYS)
    expect(res.body.data).toMatchObject({ id: me.user.id, email: 'lena@example.com', name: 'Lena', role: 'USER' })
    expect(res.body.data!.packages.map((x) => x.id)).toEqual([p.id])
    expect(res.body.data!.packages[0]!.skills.map((s) => s.id)).toEqual(p.skillIds)
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt|googleSubject/)
  })

  it('getUserById and getUserWithPackages: another learner is a 403, an admin may read anyone', async () => {
    const ann = await ctx.createUser()
    const bob = await ctx.createUser()
    const admin = await ctx.createUser({ role: 'admin' })
    for (const path of ['getUserById', 'getUserWithPackages']) {
      const denied = await ctx.request('GET', `/api/user/${path}?id=${bob.user.id}`, { token: ann.token })
      expect(denied.status).toBe(403)
      expect(denied.body).toMatchObject({ success: false, status: 403 })
      expect(denied.body.data).toBeUndefined()
      const allowed = await ctx.request<User>('GET', `/api/user/${path}?id=${bob.user.id}`, { token: admin.token })
      expect(allowed.status).toBe(200)
      expect(allowed.body.data!.email).toBe(bob.user.email)
    }
  })

  it('an unknown id is a 404 and a bad id a 400', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    for (const path of ['getUserById', 'getUserWithPackages']) {
      const missing = await ctx.request('GET', `/api/user/${path}?id=99999`, { token: admin.token })
      expect(missing.status).toBe(404)
      expect(missing.body.message).toMatch(/User not found/)
      for (const bad of ['abc', '0', '-1', '1.5', '']) {
        const res = await ctx.request('GET', `/api/user/${path}?id=${bad}`, { token: admin.token })
        expect(res.status, `${path}?id=${bad}`).toBe(400)
        expect(res.body.errorDetails).toHaveProperty('id')
      }
      expect((await ctx.request('GET', `/api/user/${path}`, { token: admin.token })).status).toBe(400)
    }
  })

  it('getUserWithPackages answers the full trees of the assigned packages', async () => {
    const me = await ctx.createUser()
    const p = await insertPackage('P')
    await insertPackage('Q')
    await ctx.deps.db.insert(userPackages).values({ userId: me.user.id, packageId: p.id })
    const res = await ctx.request<Omit<User, 'packages'> & { packages: Package[] }>(
      'GET',
      `/api/user/getUserWithPackages?id=${me.user.id}`,
      { token: me.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('User and Assigned Packages Found')
    expect(res.body.data!.packages).toHaveLength(1)
    const tree = res.body.data!.packages[0]!
    expect(tree.id).toBe(p.id)
    expect(tree.skills.map((s) => s.id)).toEqual(p.skillIds)
    expect(tree.skills.flatMap((s) => s.topics.map((t) => t.id))).toEqual(p.topicIds)
    expect(tree.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics.map((u) => u.id)))).toEqual(p.subTopicIds)
  })

  it('getUserByEmail answers the caller with assigned packages and their skills', async () => {
    const me = await ctx.createUser({ email: 'me@example.com' })
    const p = await insertPackage('P', 3)
    const q = await insertPackage('Q', 1)
    await insertPackage('Unassigned')
    await ctx.deps.db.insert(userPackages).values([
      { userId: me.user.id, packageId: p.id },
      { userId: me.user.id, packageId: q.id },
    ])
    const res = await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: me.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Current User')
    expect(res.body.data!.email).toBe('me@example.com')
    expect(res.body.data!.packages.map((x) => x.id).sort()).toEqual([p.id, q.id].sort())
    const first = res.body.data!.packages.find((x) => x.id === p.id)!
    expect(first).toMatchObject({ title: 'P package', description: 'P description', price: '49.50' })
    expect(first.skills.map((s) => s.title)).toEqual(['P skill 0', 'P skill 1', 'P skill 2'])
    expect(first.skills[0]).toMatchObject({ description: 'P skill 0 text', price: '10.00' })
  })

  it('getPaginatedUsers: the page shape, default page 0 size 20, and size=10', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    for (let i = 0; i < 24; i++) await ctx.createUser()
    const first = await ctx.request<Page<User>>('GET', '/api/user/getPaginatedUsers', { token: admin.token })
    expect(first.status).toBe(200)
    expect(first.body.message).toBe('Paginated List of Users')
    expect(Object.keys(first.body.data!).sort()).toEqual(PAGE_KEYS)
    expect(first.body.data).toMatchObject({ totalElements: 25, totalPages: 2, number: 0, size: 20, first: true, last: false, empty: false })
    expect(first.body.data!.content).toHaveLength(20)
    expect(first.body.data!.content[0]!.id).toBe(admin.user.id)
    expect(Object.keys(first.body.data!.content[0]!).sort()).toEqual(USER_KEYS)

    const third = await ctx.request<Page<User>>('GET', '/api/user/getPaginatedUsers?page=2&size=10', { token: admin.token })
    expect(third.body.data).toMatchObject({ totalElements: 25, totalPages: 3, number: 2, size: 10, first: false, last: true, empty: false })
    expect(third.body.data!.content).toHaveLength(5)
    const ids = third.body.data!.content.map((u) => u.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))

    const beyond = await ctx.request<Page<User>>('GET', '/api/user/getPaginatedUsers?page=9&size=10', { token: admin.token })
    expect(beyond.body.data).toMatchObject({ content: [], empty: true, number: 9 })

    for (const bad of ['page=-1', 'size=0', 'size=101', 'page=x']) {
      expect((await ctx.request('GET', `/api/user/getPaginatedUsers?${bad}`, { token: admin.token })).status, bad).toBe(400)
    }
  })

  it('getPaginatedUsers and all are for admins only', async () => {
    const learner = await ctx.createUser()
    for (const path of ['/api/user/getPaginatedUsers', '/api/user/all']) {
      expect((await ctx.request('GET', path, { token: learner.token })).status).toBe(403)
      expect((await ctx.request('GET', path)).status).toBe(401)
    }
  })

  it('all lists every user in id order with their packages', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    await ctx.deps.db.insert(userPackages).values({ userId: ann.user.id, packageId: p.id })
    const res = await ctx.request<User[]>('GET', '/api/user/all', { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('All users retrieved')
    expect(res.body.data!.map((u) => u.id)).toEqual([admin.user.id, ann.user.id])
    expect(res.body.data![0]!.packages).toEqual([])
    expect(res.body.data![1]!.packages.map((x) => x.id)).toEqual([p.id])
    expect(res.body.data![1]!.packages[0]!.skills).toHaveLength(2)
  })
})

describe('assigning packages', () => {
  it('assigns, and assigning again keeps one row per pair', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    const q = await insertPackage('Q')
    const res = await assign(ann.user.id, [p.id], admin.token)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Packages assigned successfully')
    expect(res.body.data!.packages.map((x) => x.id)).toEqual([p.id])

    const again = await assign(ann.user.id, [p.id, q.id, p.id], admin.token)
    expect(again.status).toBe(200)
    expect(again.body.data!.packages.map((x) => x.id).sort()).toEqual([p.id, q.id].sort())
    expect(await assignments(ann.user.id)).toHaveLength(2)
  })

  it('concurrent assigns of the same pair still leave one row', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    const results = await Promise.all(Array.from({ length: 6 }, () => assign(ann.user.id, [p.id], admin.token)))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(await assignments(ann.user.id)).toHaveLength(1)
  })

  it('the database refuses a duplicate pair (unique constraint)', async () => {
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    await ctx.deps.db.insert(userPackages).values({ userId: ann.user.id, packageId: p.id })
    await expect(ctx.deps.db.insert(userPackages).values({ userId: ann.user.id, packageId: p.id })).rejects.toThrow()
  })

  it('unknown package ids are a 400 naming them, and nothing is stored', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    const res = await assign(ann.user.id, [p.id, 9001, 9002], admin.token)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Unknown package id(s): 9001, 9002')
    expect(res.body.errorDetails).toHaveProperty('packageIds')
    expect(await assignments(ann.user.id)).toHaveLength(0)
  })

  it('bad bodies are a 400; an unknown user a 404', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    for (const packageIds of [[], 'x', ['a'], [0], [-3], null]) {
      expect((await assign(ann.user.id, packageIds, admin.token)).status, JSON.stringify(packageIds)).toBe(400)
    }
    expect((await ctx.request('PUT', `/api/user/${ann.user.id}/assign-packages`, { token: admin.token, body: {} })).status).toBe(400)
    const missing = await assign(99999, [p.id], admin.token)
    expect(missing.status).toBe(404)
    expect((await ctx.request('PUT', `/api/user/abc/assign-packages`, { token: admin.token, body: { packageIds: [p.id] } })).status).toBe(
      400,
    )
  })

  it('learners cannot assign, not even to themselves', async () => {
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    expect((await assign(ann.user.id, [p.id], ann.token)).status).toBe(403)
    expect(await assignments(ann.user.id)).toHaveLength(0)
  })

  it('unassigns; unassigning what is not assigned is a 404', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    const q = await insertPackage('Q')
    await assign(ann.user.id, [p.id, q.id], admin.token)
    const res = await ctx.request<User>('DELETE', `/api/user/${ann.user.id}/packages/${p.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Package unassigned')
    expect(res.body.data!.packages.map((x) => x.id)).toEqual([q.id])
    expect((await assignments(ann.user.id)).map((r) => r.packageId)).toEqual([q.id])

    const again = await ctx.request('DELETE', `/api/user/${ann.user.id}/packages/${p.id}`, { token: admin.token })
    expect(again.status).toBe(404)
    expect((await ctx.request('DELETE', `/api/user/99999/packages/${p.id}`, { token: admin.token })).status).toBe(404)
    expect((await ctx.request('DELETE', `/api/user/${ann.user.id}/packages/${q.id}`, { token: ann.token })).status).toBe(403)
    // The package itself is untouched.
    expect(await ctx.deps.db.select().from(packages).where(eq(packages.id, p.id))).toHaveLength(1)
  })
})

describe('roles', () => {
  const setRole = (userId: number, role: unknown, token: string) =>
    ctx.request<User>('PUT', `/api/user/${userId}/role`, { token, body: { role } })

  it('an admin makes a learner an admin and back; the guard follows at once', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    expect((await ctx.request('GET', '/api/user/all', { token: ann.token })).status).toBe(403)

    const up = await setRole(ann.user.id, 'admin', admin.token)
    expect(up.status).toBe(200)
    expect(up.body.message).toBe('Role updated')
    expect(up.body.data!.role).toBe('admin')
    // The change ended Ann's sessions; signed in again she passes the admin guard.
    expect((await ctx.request('GET', '/api/user/all', { token: ann.token })).status).toBe(401)
    const signIn = async () =>
      (await ctx.request<{ token: string }>('POST', '/api/oauth2/loginUser', { body: { email: ann.user.email, password: ann.password } }))
        .body.data!.token
    const adminToken = await signIn()
    expect((await ctx.request('GET', '/api/user/all', { token: adminToken })).status).toBe(200)

    const down = await setRole(ann.user.id, 'USER', admin.token)
    expect(down.status).toBe(200)
    expect(down.body.data!.role).toBe('USER')
    expect((await ctx.request('GET', '/api/user/all', { token: adminToken })).status).toBe(401)
    expect((await ctx.request('GET', '/api/user/all', { token: await signIn() })).status).toBe(403)
  })

  it('the last admin cannot demote themselves (409); with a second admin they can', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const res = await setRole(admin.user.id, 'USER', admin.token)
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/last administrator/)
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, admin.user.id))
    expect(row!.role).toBe('admin')

    await ctx.createUser({ role: 'admin' })
    const ok = await setRole(admin.user.id, 'USER', admin.token)
    expect(ok.status).toBe(200)
    expect(ok.body.data!.role).toBe('USER')
  })

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await ctx.createUser({ role: 'admin' })
    const b = await ctx.createUser({ role: 'admin' })
    const results = await Promise.all([setRole(b.user.id, 'USER', a.token), setRole(a.user.id, 'USER', b.token)])
    // One wins; the other is refused: 409 if it raced past the guard, 401 if its caller was already demoted
    // (the demotion ended the caller's sessions).
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 401 || s === 409)).toHaveLength(1)
    const admins = await ctx.deps.db.select().from(users).where(eq(users.role, 'admin'))
    expect(admins).toHaveLength(1)
  })

  it('an admin staying admin is fine; bad roles are a 400; learners are refused', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    expect((await setRole(admin.user.id, 'admin', admin.token)).status).toBe(200)
    for (const role of ['ADMIN', 'user', 'root', '', null, 3])
      expect((await setRole(ann.user.id, role, admin.token)).status, String(role)).toBe(400)
    expect((await setRole(ann.user.id, 'admin', ann.token)).status).toBe(403)
    expect((await setRole(99999, 'admin', admin.token)).status).toBe(404)
  })
})

describe('PUT /api/user/profile', () => {
  const update = (token: string, body: unknown) => ctx.request<User>('PUT', '/api/user/profile', { token, body })

  it('updates name, given and family names and the picture URL of the caller only', async () => {
    const me = await ctx.createUser({ name: 'Old Name' })
    const other = await ctx.createUser({ name: 'Other' })
    const res = await update(me.token, {
      name: '  Lena Lovelace ',
      givenName: 'Lena',
      familyName: 'Lovelace',
      pictureUrl: 'https://img.example.com/me.png',
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Profile updated')
    expect(res.body.data).toMatchObject({
      id: me.user.id,
      name: 'Lena Lovelace',
      givenName: 'Lena',
      familyName: 'Lovelace',
      pictureUrl: 'https://img.example.com/me.png',
    })
    const current = await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: me.token })
    expect(current.body.data).toMatchObject({ name: 'Lena Lovelace', pictureUrl: 'https://img.example.com/me.png' })
    const [untouched] = await ctx.deps.db.select().from(users).where(eq(users.id, other.user.id))
    expect(untouched!.name).toBe('Other')
  })

  it('given and family names and the picture can be cleared (null or empty)', async () => {
    const me = await ctx.createUser()
    await update(me.token, { name: 'A', givenName: 'G', familyName: 'F', pictureUrl: 'http://x.example/p.jpg' })
    const cleared = await update(me.token, { name: 'A', givenName: null, familyName: '', pictureUrl: '' })
    expect(cleared.status).toBe(200)
    expect(cleared.body.data).toMatchObject({ givenName: null, familyName: null, pictureUrl: null })
  })

  it('leaves omitted optional fields as they are', async () => {
    const me = await ctx.createUser()
    await update(me.token, { name: 'A', givenName: 'G', familyName: 'F' })
    const res = await update(me.token, { name: 'B' })
    expect(res.body.data).toMatchObject({ name: 'B', givenName: 'G', familyName: 'F' })
  })

  it('a name is required; the picture must be an http(s) URL', async () => {
    const me = await ctx.createUser({ name: 'Keep' })
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(121) }]) {
      const res = await update(me.token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('name')
    }
    for (const pictureUrl of ['javascript:alert(1)', 'ftp://x.example/p.png', 'not a url', 'data:image/png;base64,AAAA']) {
      const res = await update(me.token, { name: 'Keep', pictureUrl })
      expect(res.status, pictureUrl).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('pictureUrl')
    }
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, me.user.id))
    expect(row).toMatchObject({ name: 'Keep', pictureUrl: null })
  })

  it('reads and turns the reminder e-mails switch (on by default), leaving it as it is when omitted', async () => {
    const me = await ctx.createUser()
    expect((await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: me.token })).body.data!.reminderEmails).toBe(true)
    const off = await update(me.token, { name: 'Me', reminderEmails: false })
    expect(off.status).toBe(200)
    expect(off.body.data!.reminderEmails).toBe(false)
    expect((await update(me.token, { name: 'Me again' })).body.data!.reminderEmails).toBe(false)
    expect((await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: me.token })).body.data!.reminderEmails).toBe(false)
    const bad = await update(me.token, { name: 'Me', reminderEmails: 'no' })
    expect(bad.status).toBe(400)
    expect(bad.body.errorDetails).toEqual({ reminderEmails: 'reminderEmails must be true or false' })
  })

  it('cannot change e-mail or role through the profile', async () => {
    const me = await ctx.createUser({ email: 'me@example.com' })
    const res = await update(me.token, { name: 'Me', email: 'evil@example.com', role: 'admin' })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ email: 'me@example.com', role: 'USER' })
  })

  it('needs a session', async () => {
    expect((await ctx.request('PUT', '/api/user/profile', { body: { name: 'X' } })).status).toBe(401)
  })
})

describe('PUT /api/user/password', () => {
  const change = (token: string, body: unknown) => ctx.request<LoginResponse>('PUT', '/api/user/password', { token, body })
  const login = (email: string, password: string) => ctx.request('POST', '/api/oauth2/loginUser', { body: { email, password } })

  it('changes the password when the current one is right', async () => {
    const me = await ctx.createUser({ email: 'me@example.com', password: 'old-password' })
    const res = await change(me.token, { currentPassword: 'old-password', newPassword: 'new-password-1' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Password changed')
    expect((await login('me@example.com', 'new-password-1')).status).toBe(200)
    expect((await login('me@example.com', 'old-password')).status).toBe(401)
  })

  it('a wrong or missing current password is a 400 on currentPassword, and nothing changes', async () => {
    const me = await ctx.createUser({ email: 'me@example.com', password: 'old-password' })
    const wrong = await change(me.token, { currentPassword: 'nope-nope', newPassword: 'new-password-1' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errorDetails).toHaveProperty('currentPassword')
    const missing = await change(me.token, { newPassword: 'new-password-1' })
    expect(missing.status).toBe(400)
    expect(missing.body.errorDetails).toHaveProperty('currentPassword')
    expect((await login('me@example.com', 'old-password')).status).toBe(200)
  })

  it('enforces the password rules on the new password', async () => {
    const me = await ctx.createUser({ password: 'old-password' })
    for (const newPassword of ['short', '        ', 'x'.repeat(201)]) {
      const res = await change(me.token, { currentPassword: 'old-password', newPassword })
      expect(res.status, newPassword).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('newPassword')
    }
  })

  it('a Google-only account sets a first password without a current one, then signs in with it', async () => {
    const [row] = await ctx.deps.db
      .insert(users)
      .values({ email: 'g@example.com', name: 'G', passwordHash: null, googleSubject: 'sub-g', emailVerified: true })
      .returning()
    const token = await ctx.deps.tokens.sign({ userId: row!.id, role: 'USER' })
    expect((await login('g@example.com', 'first-password')).status).toBe(401)
    const res = await change(token, { newPassword: 'first-password' })
    expect(res.status).toBe(200)
    const fresh = res.body.data!.token
    const [stored] = await ctx.deps.db.select().from(users).where(eq(users.id, row!.id))
    expect(await verifyPassword('first-password', stored!.passwordHash, ctx.deps.passwordCost)).toBe(true)
    expect((await login('g@example.com', 'first-password')).status).toBe(200)
    // From now on the current password is required.
    expect((await change(fresh, { newPassword: 'second-password' })).status).toBe(400)
  })
})

describe("learners' access to content follows assignment", () => {
  it('assigned: package, skill topics, topic, sub-topic and getByIds; after unassign: 403', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    const other = await insertPackage('Other')
    const paths = (x: Awaited<ReturnType<typeof insertPackage>>) => [
      `/api/packages/${x.id}`,
      `/api/skills/skills/${x.skillIds[0]}/topics`,
      `/api/topic/${x.topicIds[0]}`,
      `/api/subTopic/${x.subTopicIds[0]}`,
      `/api/subTopic/getByIds?${x.subTopicIds.map((id) => `subTopicIds=${id}`).join('&')}`,
    ]
    const statuses = async (x: Awaited<ReturnType<typeof insertPackage>>) =>
      Promise.all(paths(x).map(async (path) => `${path} ${(await ctx.request('GET', path, { token: ann.token })).status}`))

    expect(await statuses(p)).toEqual(paths(p).map((path) => `${path} 403`))
    await assign(ann.user.id, [p.id], admin.token)
    expect(await statuses(p)).toEqual(paths(p).map((path) => `${path} 200`))
    // Another package stays closed, and mixing its sub-topics in is refused.
    expect(await statuses(other)).toEqual(paths(other).map((path) => `${path} 403`))
    const mixed = await ctx.request('GET', `/api/subTopic/getByIds?subTopicIds=${p.subTopicIds[0]}&subTopicIds=${other.subTopicIds[0]}`, {
      token: ann.token,
    })
    expect(mixed.status).toBe(403)

    const pkg = await ctx.request<Package>('GET', `/api/packages/${p.id}`, { token: ann.token })
    expect(pkg.body.data!.title).toBe('P package')

    expect((await ctx.request('DELETE', `/api/user/${ann.user.id}/packages/${p.id}`, { token: admin.token })).status).toBe(200)
    expect(await statuses(p)).toEqual(paths(p).map((path) => `${path} 403`))
    // An admin sees both regardless.
    for (const path of [...paths(p), ...paths(other)])
      expect((await ctx.request('GET', path, { token: admin.token })).status, path).toBe(200)
  })

  it('the catalogue stays visible to every learner', async () => {
    const ann = await ctx.createUser()
    await insertPackage('P')
    const res = await ctx.request<unknown[]>('GET', '/api/packages/getAllPackage', { token: ann.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(1)
  })

  it('the assignment row goes with the user', async () => {
    const ann = await ctx.createUser()
    const p = await insertPackage('P')
    await ctx.deps.db.insert(userPackages).values({ userId: ann.user.id, packageId: p.id })
    await ctx.deps.db.delete(users).where(eq(users.id, ann.user.id))
    expect(
      await ctx.deps.db
        .select()
        .from(userPackages)
        .where(and(eq(userPackages.packageId, p.id))),
    ).toHaveLength(0)
  })
})
