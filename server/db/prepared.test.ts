import { sql } from 'drizzle-orm'
import { setupTestContext } from '../test/harness.ts'
import { prepareRaw, preparedOnHandle } from './prepared.ts'

const ctx = setupTestContext()

/** A setting local to the transaction that sets it: only a statement run on that transaction's connection reads it. */
const MARK = 'learnpack.prepared_test'

describe('preparedOnHandle', () => {
  it('runs a statement built once on the handle it is given: inside a transaction, on its connection', async () => {
    let builds = 0
    const readMark = preparedOnHandle((handle) => {
      builds++
      return prepareRaw(handle, 'prepared_test_mark', sql`select current_setting(${sql.placeholder('name')}, true) as mark`)
    })
    const { db } = ctx.database
    // Built on the database first: run as built, it would go to the pool (or the embedded database), not the transaction.
    const before = (await readMark(db).execute({ name: MARK })).rows[0] as { mark: string | null }
    expect(before.mark ?? '').toBe('')
    const marks: unknown[] = []
    for (const value of ['first', 'second'])
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config(${MARK}, ${value}, true)`)
        marks.push((await readMark(tx).execute({ name: MARK })).rows[0])
      })
    const outside = (await readMark(db).execute({ name: MARK })).rows[0] as { mark: string | null }
    expect(marks).toEqual([{ mark: 'first' }, { mark: 'second' }])
    // Unset (null) or reset to empty once the transaction that set it has ended.
    expect(outside.mark ?? '').toBe('')
    expect(builds).toBe(1)
  })

  it('counts its statements like any other', async () => {
    const one = preparedOnHandle((handle) => prepareRaw(handle, 'prepared_test_one', sql`select ${sql.placeholder('n')}::int as n`))
    ctx.queries.count = 0
    const rows = await ctx.database.db.transaction(async (tx) => (await one(tx).execute({ n: 7 })).rows)
    expect(rows).toEqual([{ n: 7 }])
    // PostgreSQL counts the transaction's begin and commit too.
    expect(ctx.queries.count).toBe(ctx.database.kind === 'postgres' ? 3 : 1)
  })
})
