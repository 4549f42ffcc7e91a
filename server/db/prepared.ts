import type { Query, SQL } from 'drizzle-orm'
import type { Db } from './client.ts'

/**
 * A statement built once per database handle and prepared under a name, so drizzle does not build its SQL again
 * on every call and PostgreSQL parses and plans it once per connection. Only for statements run on the handle
 * itself: one built on the pool runs outside any transaction (preparedOnHandle runs one inside).
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>()
  return (db) => {
    let statement = byDb.get(db)
    if (statement === undefined) {
      statement = build(db)
      byDb.set(db, statement)
    }
    return statement
  }
}

/** A database or one of its open transactions. */
export type Handle = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>

/**
 * What drizzle keeps on every handle (database or transaction) and is not typed: the dialect (one per database)
 * and the session, whose `client` is the pool or PGlite for the database and the transaction's own connection for
 * a transaction. Both drivers' prepared statements send through their own `client` property.
 */
interface HandleInternals {
  dialect: { sqlToQuery(sql: SQL): Query }
  session: {
    client: object
    prepareQuery(query: Query, fields: undefined, name: string, arrayMode: boolean): RawStatement
  }
}

const internals = (handle: Handle) => handle as unknown as HandleInternals

/**
 * A statement built and named once per database, run on the handle it is given: the database or one of its
 * transactions. drizzle ties a prepared statement to the connection it was built on, so each call answers a
 * copy bound to the handle's own connection (the SQL, its name and its result mapping are shared).
 */
export function preparedOnHandle<T extends object>(build: (handle: Handle) => T): (handle: Handle) => T {
  const byDatabase = new WeakMap<object, T>()
  return (handle) => {
    const { dialect, session } = internals(handle)
    let statement = byDatabase.get(dialect)
    if (statement === undefined) {
      statement = build(handle)
      byDatabase.set(dialect, statement)
    }
    return Object.create(statement, { client: { value: session.client } }) as T
  }
}

/** A named statement of raw SQL (`sql.placeholder` for its values), answering the driver's result, for preparedOnHandle. */
export interface RawStatement {
  execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>
}

export function prepareRaw(handle: Handle, name: string, query: SQL): RawStatement {
  const { dialect, session } = internals(handle)
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
}
