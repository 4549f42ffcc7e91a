import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { count } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { hashPassword } from '../auth/passwords.ts'
import { seedDemoContent } from './demo-content.ts'

export interface DemoCredentials {
  admin: { email: string; password: string }
  learner: { email: string; password: string }
}

/**
 * Seeds an empty database with one demo admin, one demo learner and, when there is no package yet, the demo
 * packages (a full course with skills, topics and sub-topics, and a smaller one). Passwords are random per
 * install; they are printed and written to DATA_DIR/demo-credentials.json. Does nothing when any user exists.
 */
export async function seedDemo(db: Db, dataDir: string, cost: number): Promise<DemoCredentials | null> {
  const [row] = await db.select({ n: count() }).from(users)
  if ((row?.n ?? 0) > 0) return null
  const credentials: DemoCredentials = {
    admin: { email: 'admin@learnpack.local', password: randomBytes(9).toString('base64url') },
    learner: { email: 'learner@learnpack.local', password: randomBytes(9).toString('base64url') },
  }
  await db.insert(users).values([
    { email: credentials.admin.email, name: 'Demo Admin', givenName: 'Demo', familyName: 'Admin', role: 'admin', emailVerified: true, passwordHash: await hashPassword(credentials.admin.password, cost) },
    { email: credentials.learner.email, name: 'Demo Learner', givenName: 'Demo', familyName: 'Learner', role: 'USER', emailVerified: true, passwordHash: await hashPassword(credentials.learner.password, cost) },
  ])
  await seedDemoContent(db)
  await writeFile(path.join(dataDir, 'demo-credentials.json'), JSON.stringify(credentials, null, 2), { mode: 0o600 })
  return credentials
}
