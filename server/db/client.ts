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
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.ts'
import { attachChangeFeed } from './invalidated-cache.ts'

export type Schema = typeof schema
/** The one database type services use; PGlite and PostgreSQL both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

/**
 * Where the job engine (server/jobs) keeps its queues: in the embedded instance itself (one connection, shared), or
 * on the PostgreSQL server in a schema of its own, over its own pool.
 */
export type JobStore = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string; schema: string }

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  jobStore: JobStore
  /** Invalidations of the in-memory caches of users, assignments and package versions (server/db/change-feed.ts). */
  changes: ChangeFeed
  migrate(): Promise<void>
  /**
   * Runs `work` while holding the startup lock: instances started at once over one PostgreSQL database migrate,
   * seed and create the admin one after the other (a session advisory lock). PGlite has one process: no lock.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/**
 * PostgreSQL's default 128 MB of shared buffers is touched (zeroed) at start and held for the life of the process,
 * inside the embedded database's WebAssembly memory. Pages it doesn't hold are read through the operating system's
 * page cache, so a smaller pool costs little on the data sizes the embedded database is for (bench/README.md).
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB']

/** The advisory lock instances take while they prepare the database (a key made from a fixed name). */
const STARTUP_LOCK = 'learnpack:startup'

async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [STARTUP_LOCK])
    try {
      return await work()
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK])
    }
  } finally {
    client.release()
  }
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
    const connection = {
      connectionString: options.databaseUrl,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    }
    const pool = new pg.Pool({ ...connection, max: 10 })
    const db = drizzlePg(pool, { schema, logger })
    const changes = postgresChangeFeed(connection)
    attachChangeFeed(db as unknown as Db, changes)
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      changes,
      // Beside the app's schema: each test file's schema gets its own queues, and dropping its prefix drops them.
      jobStore: {
        kind: 'postgres',
        connectionString: options.databaseUrl,
        schema: options.searchPath ? `${options.searchPath}_jobs` : 'pgboss',
      },
      migrate: () => migratePg(db, { migrationsFolder: migrationsDir(), migrationsSchema: options.searchPath }),
      withStartupLock: (work) => withAdvisoryLock(pool, work),
      close: async () => {
        await changes.close()
        await pool.end()
      },
    }
  }
  const dir = options.dataDir ?? 'memory://'
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true })
  const client = await PGlite.create(dir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    postgresqlconf: PGLITE_SETTINGS,
  })
  const db = drizzlePglite(client, { schema, logger })
  const changes = await pgliteChangeFeed(client)
  attachChangeFeed(db as unknown as Db, changes)
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes,
    jobStore: { kind: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir() }),
    withStartupLock: (work) => work(),
    close: async () => {
      await changes.close()
      await client.close()
    },
    // exposed for the test template
    ...({ client } as object),
  }
}
