import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresSchemaPrefix: string
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const MIGRATIONS = path.join(ROOT, 'server/db/migrations')
const CACHE = path.join(ROOT, 'node_modules/.cache/learnpack-tests')
const TEMPLATE_UNUSED_MS = 24 * 60 * 60_000

/**
 * Each test worker opens one database for all its files. On PGlite it starts from a migrated template: creating a
 * new PGlite database runs initdb (seconds), loading a dump does not. The template is kept between runs, named by
 * the migrations and the PGlite version it was made from. On TEST_DATABASE_URL each worker makes its own schema
 * under this run's prefix, and the teardown drops them.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const prefix = `t_${randomBytes(4).toString('hex')}`
    project.provide('postgresSchemaPrefix', prefix)
    return () => dropSchemas(url, prefix)
  }
  project.provide('pgliteTemplate', await pgliteTemplate())
}

async function pgliteTemplate(): Promise<string> {
  const file = path.join(CACHE, `pglite-template-${templateKey()}.tar.gz`)
  if (existsSync(file)) {
    // marked as used: other checkouts of the repository (worktrees, a CI clone) share this folder and its sweep
    utimesSync(file, new Date(), new Date())
    return file
  }
  const database = await openDatabase({ dataDir: 'memory://' })
  await database.migrate()
  const client = (database as unknown as { client: { dumpDataDir(compression: 'gzip'): Promise<Blob> } }).client
  const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer())
  await database.close()
  mkdirSync(CACHE, { recursive: true })
  // Templates of other migration sets unused for a day go. Not sooner: another checkout sharing node_modules (a
  // worktree, a branch switched to and back) may be loading one right now. A partial file may be another setup
  // writing right now.
  for (const name of readdirSync(CACHE)) {
    const other = path.join(CACHE, name)
    if (name.endsWith('.tar.gz') && other !== file && Date.now() - statSync(other).mtimeMs > TEMPLATE_UNUSED_MS)
      rmSync(other, { force: true })
  }
  // written under a temporary name first, so nobody loads half a file
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`
  writeFileSync(partial, dump)
  renameSync(partial, file)
  return file
}

function templateKey(): string {
  const hash = createHash('sha256')
  hash.update(JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version)
  for (const name of readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS, name)
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
}

async function dropSchemas(url: string, prefix: string) {
  const database = await openDatabase({ databaseUrl: url })
  const rows = await database.db.execute(sql`select nspname from pg_namespace where nspname like ${`${prefix}\\_%`}`)
  for (const { nspname } of (rows as unknown as { rows: { nspname: string }[] }).rows) {
    await database.db.execute(sql.raw(`drop schema "${nspname}" cascade`))
  }
  await database.close()
}
