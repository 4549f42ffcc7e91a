import { and, eq, sql } from 'drizzle-orm'
import type { AdminCertificate, CertificateVerification, MyCertificate } from '../../contract/certificates.ts'
import type { Page } from '../../contract/envelope.ts'
import { assignmentsWithDue } from '../assignments/due.ts'
import { certificates, notifications, packages, userPackages, users, videoProgress, videoProgressHistory } from '../db/schema.ts'
import { certificateFixture, LEARNER_NAME, PACKAGE_TITLE, pdfRuns, readPdf } from '../test/certificate-fixture.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { runCertificateTick } from './renewal.ts'
import { VERIFY_LIMIT } from './routes.ts'

const ctx = setupTestContext({ APP_URL: 'https://learn.example.com' })
let f: Awaited<ReturnType<typeof certificateFixture>>

beforeEach(async () => {
  f = await certificateFixture(ctx)
})

const mine = async (token = f.learner.token) => {
  const res = await ctx.request<MyCertificate[]>('GET', '/api/certificates', { token })
  expect(res.status).toBe(200)
  return res.body.data!
}
const verify = (code: string) => ctx.request<CertificateVerification>('GET', `/api/certificates/verify/${code}`)
const kinds = async (userId: number) =>
  (await ctx.deps.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind)

describe('certificate settings', () => {
  it('start disabled, without expiry, renewing 30 days before', async () => {
    const res = await ctx.request('GET', `/api/packages/${f.packageId}/certificate-settings`, { token: f.admin.token })
    expect(res.body.data).toEqual({ enabled: false, validityMonths: null, renewDaysBefore: 30 })
  })

  it('are saved and read back', async () => {
    await f.settings({ validityMonths: 36, renewDaysBefore: 60 })
    const res = await ctx.request('GET', `/api/packages/${f.packageId}/certificate-settings`, { token: f.admin.token })
    expect(res.body.data).toEqual({ enabled: true, validityMonths: 36, renewDaysBefore: 60 })
  })

  it('refuse bad values naming each field, and store nothing', async () => {
    const res = await ctx.request<never>('PUT', `/api/packages/${f.packageId}/certificate-settings`, {
      token: f.admin.token,
      body: { enabled: 'yes', validityMonths: 0, renewDaysBefore: -1 },
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errorDetails ?? {}).sort()).toEqual(['enabled', 'renewDaysBefore', 'validityMonths'])
    expect(res.body.errorDetails?.validityMonths).toBe('Validity must be at least 1 month')
    const read = await ctx.request('GET', `/api/packages/${f.packageId}/certificate-settings`, { token: f.admin.token })
    expect(read.body.data).toMatchObject({ enabled: false })
  })

  it('of an unknown package are a 404', async () => {
    const res = await ctx.request('PUT', '/api/packages/99999/certificate-settings', {
      token: f.admin.token,
      body: { enabled: true, validityMonths: null, renewDaysBefore: 0 },
    })
    expect(res.status).toBe(404)
  })
})

describe('issuing', () => {
  it("names only the packages a certificate was earned for in the learner's standing", async () => {
    await f.settings({ validityMonths: 12 })
    const other = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    await ctx.deps.db.insert(userPackages).values({ userId: f.learner.user.id, packageId: other.packageId, assignedAt: ctx.now })
    expect(await f.issue()).not.toBeNull()
    const standing = await ctx.request('GET', '/api/certificates/standing', { token: f.learner.token })
    expect(standing.body.data).toEqual([{ packageId: f.packageId, state: 'earned', recertifyBy: null }])
  })

  it('issues nothing while the package has certificates disabled', async () => {
    expect(await f.issue()).toBeNull()
    expect(await mine()).toEqual([])
  })

  it('issues one certificate per cycle, with a notification and, from the tick, one e-mail', async () => {
    await f.settings({ validityMonths: 12 })
    const issued = await f.issue()
    expect(issued?.code).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(await f.issue()).toBeNull()
    const standing = await ctx.request('GET', '/api/certificates/standing', { token: f.learner.token })
    expect(standing.body.data).toEqual([{ packageId: f.packageId, state: 'earned', recertifyBy: null }])
    expect(await mine()).toEqual([
      {
        id: issued!.id,
        code: issued!.code,
        packageId: f.packageId,
        packageTitle: PACKAGE_TITLE,
        issuedAt: '2026-01-15T09:00:00.000Z',
        expiresAt: '2027-01-15T09:00:00.000Z',
        status: 'valid',
      },
    ])
    expect(await kinds(f.learner.user.id)).toEqual(['certificate-issued'])
    await runCertificateTick(ctx.deps, ctx.now)
    await runCertificateTick(ctx.deps, ctx.now)
    expect(ctx.outbox.map((m) => [m.to, m.subject])).toEqual([['ada@example.com', `Certificate earned: ${PACKAGE_TITLE}`]])
    expect(ctx.outbox[0]!.text).toContain(`https://learn.example.com/verify/${issued!.code}`)
  })

  it('issues on completion through the API, not before: the only video watched to the end gives exactly one', async () => {
    await f.settings({ validityMonths: 12 })
    await ctx.request('PUT', `/api/progress/videos/${f.videoId}`, { token: f.learner.token, body: { position: 0, watched: [] } })
    f.later(10)
    const half = await ctx.request('PUT', `/api/progress/videos/${f.videoId}`, {
      token: f.learner.token,
      body: { position: 10, watched: [[0, 10]] },
    })
    expect(half.status).toBe(200)
    expect(await mine()).toEqual([])
    expect(await kinds(f.learner.user.id)).toEqual([])

    f.later(10)
    const end = await ctx.request('PUT', `/api/progress/videos/${f.videoId}`, {
      token: f.learner.token,
      body: { position: 20, watched: [[10, 20]] },
    })
    expect(end.status).toBe(200)
    // watching it again after completion issues nothing more
    f.later(5)
    await ctx.request('PUT', `/api/progress/videos/${f.videoId}`, { token: f.learner.token, body: { position: 5, watched: [[0, 5]] } })

    const list = await mine()
    expect(list).toMatchObject([{ packageId: f.packageId, status: 'valid', issuedAt: '2026-01-15T09:00:20.000Z' }])
    expect(await ctx.deps.db.select().from(certificates)).toHaveLength(1)
    expect(await kinds(f.learner.user.id)).toEqual(['certificate-issued'])
    expect(ctx.outbox).toEqual([])
    await runCertificateTick(ctx.deps, ctx.now)
    await runCertificateTick(ctx.deps, ctx.now)
    expect(ctx.outbox.map((m) => [m.to, m.subject])).toEqual([['ada@example.com', `Certificate earned: ${PACKAGE_TITLE}`]])
    expect(ctx.outbox[0]!.text).toContain(`https://learn.example.com/verify/${list[0]!.code}`)
  })

  it('issues nothing on completion while the package has certificates disabled', async () => {
    await f.watchAll()
    expect(await f.percent()).toBe(100)
    expect(await mine()).toEqual([])
    expect(await kinds(f.learner.user.id)).toEqual([])
  })

  it('gives every certificate its own code', async () => {
    await f.settings({})
    const a = await f.issue()
    const b = await f.issue(f.other.user.id)
    expect(a!.code).not.toBe(b!.code)
  })

  it('without a validity, never expires', async () => {
    await f.settings({ validityMonths: null })
    await f.issue()
    await f.at('2036-01-01T00:00:00Z')
    expect(await mine()).toMatchObject([{ expiresAt: null, status: 'valid' }])
  })
})

describe('public verification', () => {
  it('answers a valid certificate with exactly the public fields, to anyone signed out', async () => {
    await f.settings({ validityMonths: 12 })
    const { code } = (await f.issue())!
    const res = await verify(code)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      status: 'valid',
      learnerName: LEARNER_NAME,
      packageTitle: PACKAGE_TITLE,
      issuedAt: '2026-01-15T09:00:00.000Z',
      expiresAt: '2027-01-15T09:00:00.000Z',
      revokedAt: null,
    })
    expect(JSON.stringify(res.body)).not.toContain('ada@example.com')
  })

  it('says expired from the expiry date on', async () => {
    await f.settings({ validityMonths: 1, renewDaysBefore: 0 })
    const { code } = (await f.issue())!
    await f.at('2026-02-15T08:59:59Z')
    expect((await verify(code)).body.data?.status).toBe('valid')
    await f.at('2026-02-15T09:00:00Z')
    expect((await verify(code)).body.data?.status).toBe('expired')
    expect(await mine()).toMatchObject([{ status: 'expired' }])
  })

  it('says revoked, with the date and without the reason', async () => {
    await f.settings({})
    const { id, code } = (await f.issue())!
    await f.at('2026-01-16T09:00:00Z')
    const revoked = await ctx.request('POST', `/api/certificates/${id}/revoke`, { token: f.admin.token, body: { reason: 'Exam fraud' } })
    expect(revoked.status).toBe(200)
    const res = await verify(code)
    expect(res.body.data).toMatchObject({ status: 'revoked', revokedAt: '2026-01-16T09:00:00.000Z' })
    expect(JSON.stringify(res.body)).not.toContain('Exam fraud')
  })

  it('finds nothing for an unknown code, and refuses a malformed one', async () => {
    const unknown = await verify('AAAAAAAAAAAAAAAAAAAAAAAA')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('No certificate has this code')
    expect((await verify('short')).status).toBe(400)
  })

  it(`is limited to ${VERIFY_LIMIT.limit} checks a minute per address, then 429 with Retry-After`, async () => {
    for (let i = 0; i < VERIFY_LIMIT.limit; i++) expect((await verify('AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
    const refused = await verify('AAAAAAAAAAAAAAAAAAAAAAAA')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    f.later(61)
    expect((await verify('AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
  })
})

describe('PDF', () => {
  it("is a real PDF whose text holds the learner's name, the title, the dates and the verification URL", async () => {
    await f.settings({ validityMonths: 12 })
    const { id, code } = (await f.issue())!
    const res = await ctx.app.request(`/api/certificates/${id}/pdf`, { headers: { authorization: `Bearer ${f.learner.token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const bytes = await res.arrayBuffer()
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-')
    const { text, pages } = await readPdf(bytes)
    expect(pages).toBe(1)
    expect(text).toContain(LEARNER_NAME)
    expect(text).toContain(PACKAGE_TITLE)
    expect(text).toContain(`https://learn.example.com/verify/${code}`)
    expect(text).toContain('Issued 15 Jan 2026')
    expect(text).toContain('Valid until 15 Jan 2027')
  })

  it('keeps the longest name and title a form accepts on its one page, shrunk to fit', async () => {
    // wide letters make the most lines
    const name = 'Wwwwwwww Mmmmmmmm '.repeat(7).slice(0, 120)
    const title = 'Mmmmmmmmm Wwwwwwwww '.repeat(10).slice(0, 200)
    await ctx.deps.db.update(users).set({ name }).where(eq(users.id, f.learner.user.id))
    await ctx.deps.db.update(packages).set({ title }).where(eq(packages.id, f.packageId))
    await f.settings({})
    const { id, code } = (await f.issue())!
    const res = await ctx.app.request(`/api/certificates/${id}/pdf`, { headers: { authorization: `Bearer ${f.learner.token}` } })
    const bytes = await res.arrayBuffer()
    const { text, pages } = await readPdf(bytes)
    expect(pages).toBe(1)
    // the body's last line stays above the footer's first
    const runs = await pdfRuns(bytes)
    const issued = runs.find((run) => run.text.startsWith('Issued '))!
    const footer = runs.find((run) => run.text === 'Verify this certificate')!
    expect(issued.y).toBeGreaterThan(footer.y + footer.height)
    const words = (value: string) => value.split(/\s+/).filter(Boolean).join(' ')
    expect(words(text)).toContain(words(name))
    expect(words(text)).toContain(words(title))
    expect(text).toContain(`https://learn.example.com/verify/${code}`)
  })

  it('prints names in Latin, Chinese, Cyrillic, Greek and Vietnamese script as they are written', async () => {
    const names = ['Zoë Łukasiewicz', '李小龍', 'Ольга', 'Γιώργος Παπαδόπουλος', 'Nguyễn Thị Minh Khai']
    const name = names.join(' · ')
    await ctx.deps.db.update(users).set({ name }).where(eq(users.id, f.learner.user.id))
    await ctx.deps.db.update(packages).set({ title: 'Охрана труда: 消防安全' }).where(eq(packages.id, f.packageId))
    await f.settings({})
    const { id } = (await f.issue())!
    const res = await ctx.app.request(`/api/certificates/${id}/pdf`, { headers: { authorization: `Bearer ${f.learner.token}` } })
    const { text, pages } = await readPdf(await res.arrayBuffer())
    expect(pages).toBe(1)
    // a wrapped name reads back with a line break where the line ended
    const words = text.split(/\s+/).filter(Boolean).join(' ')
    for (const written of names) expect(words).toContain(written)
    expect(words).toContain(name)
    expect(words).toContain('Охрана труда: 消防安全')
  })

  it('breaks a long name written without spaces between characters, above the footer', async () => {
    const name = '李小龍'.repeat(40)
    await ctx.deps.db.update(users).set({ name }).where(eq(users.id, f.learner.user.id))
    await f.settings({})
    const { id } = (await f.issue())!
    const res = await ctx.app.request(`/api/certificates/${id}/pdf`, { headers: { authorization: `Bearer ${f.learner.token}` } })
    const bytes = await res.arrayBuffer()
    const { text, pages } = await readPdf(bytes)
    expect(pages).toBe(1)
    expect(text.replace(/\s+/g, '')).toContain(name)
    const runs = await pdfRuns(bytes)
    expect(runs.filter((run) => run.text.startsWith('李小龍')).length).toBeGreaterThan(1)
    const issued = runs.find((run) => run.text.startsWith('Issued '))!
    const footer = runs.find((run) => run.text === 'Verify this certificate')!
    expect(issued.y).toBeGreaterThan(footer.y + footer.height)
  })

  it('still prints a certificate whose name has characters no font has (Arabic), with the rest of its text', async () => {
    await ctx.deps.db.update(users).set({ name: 'Zoë محمد' }).where(eq(users.id, f.learner.user.id))
    await f.settings({})
    const { id, code } = (await f.issue())!
    const res = await ctx.app.request(`/api/certificates/${id}/pdf`, { headers: { authorization: `Bearer ${f.learner.token}` } })
    expect(res.status).toBe(200)
    const { text, pages } = await readPdf(await res.arrayBuffer())
    expect(pages).toBe(1)
    expect(text).toContain('Zoë ')
    expect(text).not.toContain('محمد')
    expect(text).toContain(PACKAGE_TITLE)
    expect(text).toContain(`https://learn.example.com/verify/${code}`)
  })

  it('is refused to another learner, served to admins, and a 404 for an unknown certificate', async () => {
    await f.settings({})
    const { id } = (await f.issue())!
    const as = (token: string, certificateId = id) => ctx.request('GET', `/api/certificates/${certificateId}/pdf`, { token })
    expect((await as(f.other.token)).status).toBe(403)
    expect((await as(f.admin.token)).status).toBe(200)
    expect((await as(f.learner.token, 99999)).status).toBe(404)
  })
})

describe('admin list and revoke', () => {
  it('lists every certificate, filtered by package, learner and status, paged', async () => {
    await f.settings({ validityMonths: 1, renewDaysBefore: 0 })
    await f.issue()
    await f.at('2026-02-24T09:00:00Z')
    await f.issue(f.other.user.id)
    const list = async (query: string) => {
      const res = await ctx.request<Page<AdminCertificate>>('GET', `/api/certificates/all?${query}`, { token: f.admin.token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data!
    }
    const all = await list('')
    expect(all.totalElements).toBe(2)
    expect(all.content.map((c) => [c.user.name, c.status])).toEqual([
      ['Other Learner', 'valid'],
      [LEARNER_NAME, 'expired'],
    ])
    expect((await list('status=expired')).content.map((c) => c.user.email)).toEqual(['ada@example.com'])
    expect((await list(`userId=${f.other.user.id}`)).totalElements).toBe(1)
    expect((await list(`packageId=${f.packageId}&size=1&page=1`)).content).toHaveLength(1)
    expect((await list('packageId=99999')).totalElements).toBe(0)
    const bad = await ctx.request<never>('GET', '/api/certificates/all?status=lost', { token: f.admin.token })
    expect(bad.status).toBe(400)
    expect(bad.body.errorDetails?.status).toBe("status must be 'valid', 'expired' or 'revoked'")
  })

  it('exports the filtered list as CSV', async () => {
    await f.settings({})
    const { code } = (await f.issue())!
    await f.issue(f.other.user.id)
    const res = await ctx.app.request(`/api/certificates/all/export?userId=${f.learner.user.id}`, {
      headers: { authorization: `Bearer ${f.admin.token}` },
    })
    expect(res.headers.get('content-type')).toContain('text/csv')
    const lines = (await res.text()).trim().split('\r\n')
    const cells = (line: string) => line.split(',').map((cell) => cell.replace(/^"|"$/g, ''))
    expect(cells(lines[0]!)).toEqual([
      'Learner',
      'E-mail',
      'Package',
      'Cycle',
      'Status',
      'Issued',
      'Expires',
      'Revoked',
      'Revocation reason',
      'Code',
    ])
    expect(lines.slice(1).map(cells)).toEqual([
      [LEARNER_NAME, 'ada@example.com', PACKAGE_TITLE, '1', 'valid', '2026-01-15T09:00:00.000Z', '2027-01-15T09:00:00.000Z', '', '', code],
    ])
  })

  it('exports cells a spreadsheet would run as formulas as plain text', async () => {
    await ctx.deps.db.update(users).set({ name: '=HYPERLINK("https://evil.example","Open")' }).where(eq(users.id, f.learner.user.id))
    await ctx.deps.db.update(packages).set({ title: '\t@SUM(1+1)' }).where(eq(packages.id, f.packageId))
    await f.settings({})
    const { id } = (await f.issue())!
    await ctx.request('POST', `/api/certificates/${id}/revoke`, { token: f.admin.token, body: { reason: '+1-1 by mistake' } })
    const res = await ctx.app.request('/api/certificates/all/export', { headers: { authorization: `Bearer ${f.admin.token}` } })
    const [, row] = (await res.text()).trim().split('\r\n')
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""Open"")"`)
    expect(row).toContain(`"'\t@SUM(1+1)"`)
    expect(row).toContain(`"'+1-1 by mistake"`)
    expect(row).not.toMatch(/(^|,)"[=+\-@\t]/)
  })

  it('revokes once, with a reason the admins see; a blank reason, a second revoke and an unknown id are refused', async () => {
    await f.settings({})
    const { id } = (await f.issue())!
    const revoke = (body: unknown, certificateId = id) =>
      ctx.request<AdminCertificate>('POST', `/api/certificates/${certificateId}/revoke`, { token: f.admin.token, body })
    const blank = await revoke({ reason: '   ' })
    expect(blank.status).toBe(400)
    expect((blank.body as { errorDetails?: Record<string, string> }).errorDetails?.reason).toBe('Please give a reason for revoking')
    const done = await revoke({ reason: 'Issued by mistake' })
    expect(done.body.data).toMatchObject({ status: 'revoked', revokeReason: 'Issued by mistake' })
    expect((await revoke({ reason: 'Again' })).status).toBe(409)
    expect((await revoke({ reason: 'Nothing' }, 99999)).status).toBe(404)
    expect(await mine()).toMatchObject([{ status: 'revoked' }])
  })
})

describe('expiry and renewal', () => {
  it('starts a new cycle renewDaysBefore days before expiry, once, and keeps the old cycle in the history', async () => {
    await f.settings({ validityMonths: 12, renewDaysBefore: 30 })
    // The last heartbeat, 20 s after the first, completes the package at 10:00 and issues the certificate.
    await f.at('2026-01-15T09:59:40Z')
    await f.watchAll()
    expect(await f.percent()).toBe(100)
    const [first] = await mine()
    expect(first).toMatchObject({ issuedAt: '2026-01-15T10:00:00.000Z' })
    await runCertificateTick(ctx.deps, ctx.now) // mails the issue
    ctx.outbox.length = 0

    // 2027-01-15 minus 30 days = 2026-12-16 10:00
    await f.at('2026-12-16T09:59:59Z')
    expect(await runCertificateTick(ctx.deps, ctx.now)).toBe(0)
    await f.at('2026-12-16T10:00:00Z')
    expect(await runCertificateTick(ctx.deps, ctx.now)).toBe(1)
    expect(await runCertificateTick(ctx.deps, ctx.now)).toBe(0)

    expect(await kinds(f.learner.user.id)).toEqual(['certificate-issued', 'certificate-expiring'])
    expect(ctx.outbox.map((m) => m.subject)).toEqual([`Recertify '${PACKAGE_TITLE}' by 15 Jan 2027`])
    const [assignment] = await ctx.deps.db
      .select()
      .from(userPackages)
      .where(and(eq(userPackages.userId, f.learner.user.id), eq(userPackages.packageId, f.packageId)))
    expect(assignment).toMatchObject({ cycle: 2, completedAt: null, recertifyBy: new Date('2027-01-15T10:00:00Z') })
    const due = await assignmentsWithDue(ctx.deps.db, sql`up.user_id = ${f.learner.user.id}`)
    expect(due).toMatchObject([{ dueAt: new Date('2027-01-15T10:00:00Z'), completedAt: null }])

    const standing = await ctx.request('GET', '/api/certificates/standing', { token: f.learner.token })
    expect(standing.body.data).toEqual([{ packageId: f.packageId, state: 'recertify', recertifyBy: '2027-01-15T10:00:00.000Z' }])

    // progress starts again; the first cycle's is kept
    expect(await f.percent()).toBe(0)
    expect(await ctx.deps.db.select().from(videoProgress).where(eq(videoProgress.userId, f.learner.user.id))).toEqual([])
    expect(await ctx.deps.db.select().from(videoProgressHistory)).toMatchObject([
      { userId: f.learner.user.id, cycle: 1, watchedSeconds: 20 },
    ])
    // the old certificate keeps its dates and stays valid until they pass
    expect(await mine()).toMatchObject([{ id: first!.id, status: 'valid', expiresAt: '2027-01-15T10:00:00.000Z' }])

    // completing the new cycle issues a new certificate, which replaces the old: one valid at a time, the old one
    // kept as expired from that moment, with its code
    await f.at('2026-12-16T09:59:40Z')
    await f.watchAll()
    const list = await mine()
    expect(list.map((c) => [c.id === first!.id ? 'first' : 'second', c.status, c.issuedAt, c.expiresAt])).toEqual([
      ['second', 'valid', '2026-12-16T10:00:00.000Z', '2027-12-16T10:00:00.000Z'],
      ['first', 'expired', '2026-01-15T10:00:00.000Z', '2026-12-16T10:00:00.000Z'],
    ])
    expect((await verify(first!.code)).body.data).toMatchObject({ status: 'expired', expiresAt: '2026-12-16T10:00:00.000Z' })
    const standingAfter = await ctx.request('GET', '/api/certificates/standing', { token: f.learner.token })
    expect(standingAfter.body.data).toEqual([{ packageId: f.packageId, state: 'earned', recertifyBy: null }])
    const rows = await ctx.deps.db.select({ cycle: certificates.cycle }).from(certificates).orderBy(certificates.id)
    expect(rows.map((r) => r.cycle)).toEqual([1, 2])
  })

  it('counts only the tests taken in the current cycle', async () => {
    // A passed attempt before the cycle began no longer completes the package's sub-topic: covered by the roll-up's
    // query; here the package has no questions, so the cycle's progress is its videos (see the test above).
    await f.settings({ validityMonths: 1, renewDaysBefore: 0 })
    await f.issue()
    await f.at('2026-02-15T09:00:00Z')
    expect(await runCertificateTick(ctx.deps, ctx.now)).toBe(1)
    const [assignment] = await ctx.deps.db.select().from(userPackages).where(eq(userPackages.userId, f.learner.user.id))
    expect(assignment?.cycleStartedAt).toEqual(new Date('2026-02-15T09:00:00Z'))
  })

  it('begins no renewal for a revoked certificate, a package no longer issuing them or a package no longer assigned', async () => {
    await f.settings({ validityMonths: 1, renewDaysBefore: 0 })
    const revoked = (await f.issue())!
    await ctx.request('POST', `/api/certificates/${revoked.id}/revoke`, { token: f.admin.token, body: { reason: 'Fraud' } })
    await f.issue(f.other.user.id)
    await ctx.deps.db.delete(userPackages).where(eq(userPackages.userId, f.other.user.id))
    await f.at('2026-03-01T00:00:00Z')
    expect(await runCertificateTick(ctx.deps, ctx.now)).toBe(0)
  })
})
