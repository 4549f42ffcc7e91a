import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export type Schema = typeof schema
/** The one database type services use; PGlite and PostgreSQL both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface OpenOptions {
  /** Embedded PGlite directory; `memory://` for an in-memory database. */
  dataDir?: string
  /** A PGlite data dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File
  databaseUrl?: string
  /** PostgreSQL schema to use (tests run each file in a fresh schema). */
  searchPath?: string
  onQuery?: (sql: string) => void
}

// Under the SPA tests (jsdom) module URLs are not file: URLs; the migrations then sit where the repository keeps them.
const migrationsDir = () =>
  import.meta.url.startsWith('file:') ? fileURLToPath(new URL('./migrations', import.meta.url)) : path.resolve('server/db/migrations')

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (sql: string) => options.onQuery!(sql) } : undefined
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    })
    const db = drizzlePg(pool, { schema, logger })
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: migrationsDir(), migrationsSchema: options.searchPath }),
      close: () => pool.end(),
    }
  }
  const dir = options.dataDir ?? 'memory://'
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true })
  const client = await PGlite.create(dir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  const db = drizzlePglite(client, { schema, logger })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir() }),
    close: () => client.close(),
    // exposed for the test template
    ...({ client } as object),
  }
}
