import { sql } from 'drizzle-orm'
import { assignmentApi } from '../test/assignments.ts'
import { setupTestContext } from '../test/harness.ts'

const ctx = setupTestContext()
const api = assignmentApi(ctx)
const ME = '/api/user/getUserByEmail'

/** The learner's own packages are revalidated: a 304 must never hide a new due date or status. */
describe('GET /api/user/getUserByEmail: its ETag follows due dates and statuses', () => {
  let ann: { id: number; token: string }
  beforeEach(async () => {
    await api.signInAdmin()
    const user = await ctx.createUser()
    ann = { id: user.user.id, token: user.token }
  })

  const read = (tag?: string) =>
    ctx.request<{ packages: { status: string; dueAt: string | null }[] }>('GET', ME, {
      token: ann.token,
      headers: tag ? { 'if-none-match': tag } : {},
    })

  /** Reads, makes the change, and expects a 200 with a new tag and the new body. */
  async function changesWith(change: () => Promise<unknown>, expected: { status: string; dueAt?: string | null }) {
    const tag = (await read()).headers.get('etag')!
    expect((await read(tag)).status).toBe(304)
    await change()
    const after = await read(tag)
    expect(after.status).toBe(200)
    expect(after.body.data!.packages[0]).toMatchObject(expected)
  }

  it('changes when a group’s due date changes, when progress starts, when the date passes and on completion', async () => {
    const safety = await api.packageWithVideo('Safety')
    const { videoId: second } = await api.packageWithVideo('Second')
    await ctx.deps.db.execute(
      sql`update videos set sub_topic_id = (select sub_topic_id from videos where id = ${safety.videoId}) where id = ${second}`,
    )
    const group = await api.createGroup('Nights')
    await api.addMembers(group.id, [ann.id])
    await api.giveGroup(group.id, safety.packageId, { dueDays: 5 })

    const dueAt = api.inDays(0.25)
    await changesWith(() => api.giveGroup(group.id, safety.packageId, { dueAt }), { dueAt, status: 'not-started' })
    await changesWith(() => api.watch(safety.videoId, ann.token), { status: 'in-progress' })
    await changesWith(
      async () => {
        ctx.now = new Date(Date.parse(dueAt) + 1000)
      },
      { status: 'overdue' },
    )
    await changesWith(() => api.watch(second, ann.token), { status: 'completed' })
  })
})
