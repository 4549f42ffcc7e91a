import { sql } from 'drizzle-orm'
import type { Change } from './change-feed.ts'
import { setupTestContext } from '../test/harness.ts'

/** The worker's change feed: PGlite in this process, or its own LISTEN connection on TEST_DATABASE_URL. */
const ctx = setupTestContext()
const heard: Change[] = []
beforeAll(() => ctx.database.changes.subscribe((change) => heard.push(change)))
beforeEach(() => {
  heard.length = 0
})

const userChanges = () => heard.filter((change) => change.kind === 'user')

describe(`the change feed on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('hears of a change when its transaction commits, and never of a rolled-back one', async () => {
    const { user } = await ctx.createUser()
    await ctx.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set role = 'admin' where id = ${user.id}`)
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await ctx.database.changes.settled()
    expect(userChanges()).toEqual([])
    await ctx.deps.db.execute(sql`update users set session_version = session_version + 1 where id = ${user.id}`)
    await ctx.database.changes.settled()
    expect(userChanges()).toEqual([{ kind: 'user', id: user.id }])
    // A column the caches do not hold: nothing to hear.
    await ctx.deps.db.execute(sql`update users set name = 'Renamed' where id = ${user.id}`)
    await ctx.database.changes.settled()
    expect(userChanges()).toHaveLength(1)
  })

  it('is live, and when its connection drops it clears every cache and bypasses them until it listens again', async () => {
    const feed = ctx.database.changes
    expect(feed.live).toBe(true)
    if (ctx.database.kind === 'pglite') {
      // One connection in this process: the feed cannot lose it without losing the database.
      expect(feed.name).toBe('pglite')
      return
    }
    await ctx.deps.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${feed.name}`)
    await vi.waitFor(() => expect(feed.live).toBe(false))
    expect(heard).toContainEqual({ kind: 'all' })
    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 20_000 })
    const { user } = await ctx.createUser()
    await ctx.deps.db.execute(sql`update users set role = 'admin' where id = ${user.id}`)
    await feed.settled()
    expect(userChanges()).toEqual([{ kind: 'user', id: user.id }])
  })
})
