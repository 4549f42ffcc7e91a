import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db/client.ts'

/** The database a test worker shares between its test files (they run one after the other). */
export interface WorkerDatabase {
  database: Database
  /** Counts the SQL statements run on it, by every app built over it. */
  queries: { count: number }
  /** Removes every row and restarts the identities. */
  empty(): Promise<void>
  /**
   * The same data as another instance sees it: on PostgreSQL a second pool and change feed over the worker's schema
   * (opened on first use), so caches hear of each other's writes only through NOTIFY; on PGlite, which is one
   * connection in this process, the same database.
   */
  otherInstance(): Promise<Database>
}

// Stored on globalThis rather than in a module variable: Vitest evaluates modules again for each test file.
const worker = globalThis as { learnpackTestDatabase?: Promise<WorkerDatabase> }

/** The worker's database, opened on first use: a copy of the migrated template, or a new schema on TEST_DATABASE_URL. */
export function workerDatabase(): Promise<WorkerDatabase> {
  worker.learnpackTestDatabase ??= openWorkerDatabase()
  return worker.learnpackTestDatabase
}

async function openWorkerDatabase(): Promise<WorkerDatabase> {
  const queries = { count: 0 }
  const onQuery = () => void queries.count++
  const url = process.env.TEST_DATABASE_URL
  let database: Database
  let otherInstance: () => Promise<Database>
  if (url) {
    // The global setup drops every schema named with this run's prefix when the run ends.
    const schema = `${inject('postgresSchemaPrefix')}_${randomBytes(4).toString('hex')}`
    const admin = await openDatabase({ databaseUrl: url })
    await admin.db.execute(sql.raw(`create schema ${schema}`))
    await admin.close()
    database = await openDatabase({ databaseUrl: url, searchPath: schema, onQuery })
    await database.migrate()
    let other: Promise<Database> | undefined
    otherInstance = () => (other ??= openDatabase({ databaseUrl: url, searchPath: schema }))
  } else {
    const template = readFileSync(inject('pgliteTemplate'))
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([template]), onQuery })
    otherInstance = async () => database
  }
  const emptyAll = await emptyScript(database)
  return {
    database,
    queries,
    async empty() {
      await runScript(database, emptyAll)
      // The rows went with triggers off: no cache heard of it.
      database.changes.clearAll()
      if (url) (await otherInstance()).changes.clearAll()
    },
    otherInstance,
  }
}

/**
 * One script that deletes every row and restarts every sequence. DELETE with foreign keys off (replica role) is
 * several times faster than TRUNCATE on these small tables: TRUNCATE creates new files for every table and index.
 * setval to the start value, not ALTER SEQUENCE ... RESTART: the same next value without a catalog change per sequence
 * (which made the restarts most of the script's time on PGlite, run after every test).
 */
async function emptyScript(database: Database): Promise<string> {
  const tables = await database.db.execute(
    sql`select tablename as name from pg_tables where schemaname = current_schema() and tablename not like '%drizzle%'`,
  )
  const sequences = await database.db.execute(
    sql`select sequencename as name, start_value as start from pg_sequences where schemaname = current_schema() and sequencename not like '%drizzle%'`,
  )
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows
  const tableNames = rows<{ name: string }>(tables).map((row) => `"${row.name}"`)
  const restarts = rows<{ name: string; start: string | number }>(sequences).map(
    // The name as a regclass literal: quoted for its case, then as a string.
    ({ name, start }) => `setval('"${name}"', ${BigInt(start)}, false)`,
  )
  return [
    'begin',
    'set local session_replication_role = replica',
    ...tableNames.map((table) => `delete from ${table}`),
    ...(restarts.length > 0 ? [`select ${restarts.join(', ')}`] : []),
    'commit',
  ].join(';\n')
}

/** Runs several statements in one round trip (PGlite's query() takes one statement; its exec() takes a script). */
async function runScript(database: Database, script: string): Promise<void> {
  if (database.kind === 'pglite') await (database as unknown as { client: { exec(script: string): Promise<unknown> } }).client.exec(script)
  else await database.db.execute(sql.raw(script))
}
