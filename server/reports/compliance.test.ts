import { sql } from 'drizzle-orm'
import type { ComplianceReport, ComplianceRow } from '../../contract/compliance.ts'
import { assignmentApi } from '../test/assignments.ts'
import { setupTestContext } from '../test/harness.ts'

/**
 * The compliance report over learners in every status, reached through the API: due dates set directly and through
 * a group, progress and completion made by watching the packages' videos, time moved by the harness's clock.
 */

const ctx = setupTestContext()
const api = assignmentApi(ctx)
const DAY = 86_400_000

type Learner = { id: number; token: string; name: string; email: string }
let admin: string
let people: Record<'ann' | 'ben' | 'cara' | 'dan' | 'eve' | 'finn', Learner>
let safety: { packageId: number; title: string; videoId: number; secondVideoId: number }
let ethics: { packageId: number; title: string; videoId: number }
let sales: { id: number; name: string }
let start: number

const iso = (days: number) => new Date(start + days * DAY).toISOString()

async function learner(name: string): Promise<Learner> {
  const { user, token } = await ctx.createUser({ name, email: `${name.toLowerCase()}@example.com` })
  return { id: user.id, token, name, email: user.email }
}

async function report(query = '', token = admin) {
  const res = await ctx.request<ComplianceReport>('GET', `/api/reports/compliance${query}`, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!
}

const who = (rows: ComplianceRow[]) => rows.map((r) => `${r.name}:${r.packageTitle}:${r.status}`)

beforeEach(async () => {
  admin = await api.signInAdmin()
  start = ctx.now.getTime()
  const built = await api.packageWithVideo('Safety')
  // A second video in Safety's one sub-topic: watching one of the two is progress, both completes the package.
  const { videoId: secondVideoId } = await api.packageWithVideo('Spare')
  await ctx.deps.db.execute(
    sql`update videos set sub_topic_id = (select sub_topic_id from videos where id = ${built.videoId}) where id = ${secondVideoId}`,
  )
  safety = { ...built, secondVideoId }
  ethics = await api.packageWithVideo('=Ethics')
  people = {
    ann: await learner('Ann'),
    ben: await learner('Ben'),
    cara: await learner('Cara'),
    dan: await learner('Dan'),
    eve: await learner('Eve'),
    finn: await learner('Finn'),
  }
  const { ann, ben, cara, dan, eve, finn } = people
  sales = await api.createGroup('Sales')
  await api.giveGroup(sales.id, safety.packageId, { dueAt: iso(-3) })
  await api.addMembers(sales.id, [ann.id, eve.id])
  await api.setDirect(ann.id, ethics.packageId, {})
  await api.setDirect(ben.id, safety.packageId, { dueAt: iso(-1) })
  await api.setDirect(cara.id, safety.packageId, { dueAt: iso(2) })
  await api.setDirect(dan.id, safety.packageId, { dueAt: iso(5) })
  await api.setDirect(eve.id, safety.packageId, {})
  await api.setDirect(finn.id, ethics.packageId, {})
  await api.watch(safety.videoId, cara.token)
  await api.watch(safety.videoId, eve.token)
  // A minute on, so Eve's watching budget covers the second video too.
  ctx.now = new Date(ctx.now.getTime() + 60_000)
  await api.watch(safety.secondVideoId, eve.token)
})

describe('GET /api/reports/compliance', () => {
  it('gives one row per learner and package: overdue longest first, then due soonest, then the rest; counts per status', async () => {
    const data = await report()
    expect(who(data.content)).toEqual([
      'Ann:Safety package:overdue',
      'Ben:Safety package:overdue',
      'Cara:Safety package:in-progress',
      'Dan:Safety package:not-started',
      'Ann:=Ethics package:not-started',
      'Finn:=Ethics package:not-started',
      'Eve:Safety package:completed',
    ])
    expect(data.summary).toEqual({ overdue: 2, 'in-progress': 1, 'not-started': 3, completed: 1 })
    expect(data.totalElements).toBe(7)

    const { ann, cara, eve } = people
    expect(data.content[0]).toEqual({
      userId: ann.id,
      name: 'Ann',
      email: ann.email,
      packageId: safety.packageId,
      packageTitle: 'Safety package',
      groups: ['Sales'],
      assignedAt: expect.any(String),
      dueAt: iso(-3),
      status: 'overdue',
      completedAt: null,
      percent: 0,
    })
    expect(data.content[2]).toMatchObject({ userId: cara.id, dueAt: iso(2), percent: 50, groups: [], completedAt: null })
    // Eve has Safety from Sales (due 3 days ago) and directly: completed wins over the passed due date.
    expect(data.content[6]).toMatchObject({
      userId: eve.id,
      groups: ['Sales'],
      dueAt: iso(-3),
      percent: 100,
      completedAt: ctx.now.toISOString(),
    })
  })

  it('follows the injected clock: a due date passing makes an unfinished row overdue', async () => {
    await api.laterBy(3)
    admin = await api.signInAdmin() // the first admin's token has expired by now
    const data = await report()
    expect(who(data.content).slice(0, 4)).toEqual([
      'Ann:Safety package:overdue',
      'Ben:Safety package:overdue',
      'Cara:Safety package:overdue',
      'Dan:Safety package:not-started',
    ])
    expect(data.summary).toEqual({ overdue: 3, 'in-progress': 0, 'not-started': 3, completed: 1 })
  })

  it('filters by package, by group (its members and the packages it gives), and by both', async () => {
    const byPackage = await report(`?packageId=${ethics.packageId}`)
    expect(who(byPackage.content)).toEqual(['Ann:=Ethics package:not-started', 'Finn:=Ethics package:not-started'])
    expect(byPackage.summary).toEqual({ overdue: 0, 'in-progress': 0, 'not-started': 2, completed: 0 })

    const byGroup = await report(`?groupId=${sales.id}`)
    expect(who(byGroup.content)).toEqual(['Ann:Safety package:overdue', 'Eve:Safety package:completed'])
    expect(byGroup.summary).toEqual({ overdue: 1, 'in-progress': 0, 'not-started': 0, completed: 1 })

    const both = await report(`?groupId=${sales.id}&packageId=${ethics.packageId}`)
    expect(both.content).toEqual([])
    expect(both.totalElements).toBe(0)
    expect(both.summary).toEqual({ overdue: 0, 'in-progress': 0, 'not-started': 0, completed: 0 })
  })

  it('pages the rows; the summary counts every matching row', async () => {
    const second = await report('?page=1&size=3')
    expect(who(second.content)).toEqual([
      'Dan:Safety package:not-started',
      'Ann:=Ethics package:not-started',
      'Finn:=Ethics package:not-started',
    ])
    expect(second).toMatchObject({ totalElements: 7, totalPages: 3, number: 1, size: 3, first: false, last: false })
    expect(second.summary).toEqual({ overdue: 2, 'in-progress': 1, 'not-started': 3, completed: 1 })
  })

  it('answers an unknown package or group with 404, a bad filter with 400 naming it, a learner with 403', async () => {
    const noPackage = await ctx.request('GET', '/api/reports/compliance?packageId=9999', { token: admin })
    expect(noPackage.status).toBe(404)
    expect(noPackage.body.message).toBe('Package not found with id 9999')
    const noGroup = await ctx.request('GET', '/api/reports/compliance?groupId=9999&format=csv', { token: admin })
    expect(noGroup.status).toBe(404)
    expect(noGroup.body.message).toBe('Group not found with id 9999')
    const badId = await ctx.request('GET', '/api/reports/compliance?groupId=abc', { token: admin })
    expect(badId.status).toBe(400)
    expect(Object.keys(badId.body.errorDetails ?? {})).toContain('groupId')
    const badFormat = await ctx.request('GET', '/api/reports/compliance?format=xlsx', { token: admin })
    expect(badFormat.status).toBe(400)
    expect(badFormat.body.errorDetails).toMatchObject({ format: "format must be 'json' or 'csv'" })
    const asLearner = await ctx.request('GET', '/api/reports/compliance', { token: people.ann.token })
    expect(asLearner.status).toBe(403)
    const csvAsLearner = await ctx.request('GET', '/api/reports/compliance?format=csv', { token: people.ann.token })
    expect(csvAsLearner.status).toBe(403)
  })

  it('reads in a constant number of queries however many learners there are', async () => {
    // Warm what reads keep (the session, the earliest deadline of open sittings), so both reads count alike.
    await report()
    ctx.queries.count = 0
    await report()
    const few = ctx.queries.count
    const more = await Promise.all(['Gus', 'Hal', 'Ida', 'Jo', 'Kim', 'Lee', 'Mo', 'Ned'].map(learner))
    await api.addMembers(
      sales.id,
      more.map((l) => l.id),
    )
    for (const l of more.slice(0, 4)) await api.watch(safety.videoId, l.token)
    ctx.queries.count = 0
    const data = await report()
    expect(data.totalElements).toBe(15)
    expect(ctx.queries.count).toBe(few)
  })
})

describe('GET /api/reports/compliance?format=csv', () => {
  it('gives every matching row in report order, formula-safe, as an attachment', async () => {
    const res = await ctx.app.request('/api/reports/compliance?format=csv&size=1', { headers: { Authorization: `Bearer ${admin}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="compliance.csv"')
    const lines = (await res.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '"User ID","Name","Email","Package ID","Package","Groups","Assigned at","Due at","Status","Completed at","Percent"',
    )
    expect(lines).toHaveLength(8) // paging does not apply to the file
    const { ann, finn, eve } = people
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${ann.id}","Ann","ann@example.com","${safety.packageId}","Safety package","Sales","[^"]+","${iso(-3)}","overdue","","0"$`,
      ),
    )
    // A title starting with = is prefixed so a spreadsheet shows it instead of running it.
    expect(lines[6]).toContain(`"${finn.id}","Finn","finn@example.com","${ethics.packageId}","'=Ethics package","",`)
    expect(lines[7]).toContain(`"${eve.id}","Eve","eve@example.com","${safety.packageId}","Safety package","Sales",`)
    expect(lines[7]).toMatch(/"completed","[^"]+","100"$/)
  })

  it('applies the filters', async () => {
    const res = await ctx.app.request(`/api/reports/compliance?format=csv&groupId=${sales.id}`, {
      headers: { Authorization: `Bearer ${admin}` },
    })
    const lines = (await res.text()).trimEnd().split('\r\n')
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['"Ann"', '"Eve"'])
  })
})
