import type { Db } from './client.ts'

/**
 * A statement built once per database handle and prepared under a name, so drizzle does not build its SQL again
 * on every call and PostgreSQL parses and plans it once per connection. Only for statements run on the handle
 * itself: one built on the pool runs outside any transaction.
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
