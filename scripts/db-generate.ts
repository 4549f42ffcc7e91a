/**
 * `npm run db:generate -- --name <what>`: drizzle-kit writes a migration from server/db/schema.ts, then the
 * `"public".` schema prefix is removed so the same SQL runs in any schema (tests use a schema per file).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

execFileSync(process.execPath, ['node_modules/drizzle-kit/bin.cjs', 'generate', ...process.argv.slice(2)], { stdio: 'inherit' })
const dir = 'server/db/migrations'
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const full = path.join(dir, file)
  writeFileSync(full, readFileSync(full, 'utf8').replaceAll('"public".', ''))
}
