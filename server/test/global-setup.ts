import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

/** Migrates one PGlite database and dumps it; every test file starts from a copy of that dump. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'learnpack-template-'))
  const database = await openDatabase({ dataDir: 'memory://' })
  await database.migrate()
  const client = (database as unknown as { client: { dumpDataDir(c?: 'none'): Promise<Blob> } }).client
  const dump = await client.dumpDataDir('none')
  await database.close()
  const file = path.join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}
