import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { count } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { hashPassword } from '../auth/passwords.ts'
import type { BlobStore } from '../storage/blob-store.ts'
import { assignPackages } from '../user/service.ts'
import { seedDemoContent } from './demo-content.ts'
import { seedDemoMedia } from './demo-media.ts'

export interface DemoCredentials {
  admin: { email: string; password: string }
  learner: { email: string; password: string }
}

/**
 * Seeds an empty database with one demo admin, one demo learner and, when there is no package yet, the demo
 * packages (a full course with skills, topics and sub-topics, and a smaller one). The learner is assigned the
 * first package; the second stays unassigned. With a `store`, a few sub-topics also get a video with its
 * thumbnail, a PDF and a question bank (demo-media.ts). Passwords are random per install; they are printed and
 * written to DATA_DIR/demo-credentials.json. Does nothing when any user exists.
 */
export async function seedDemo(db: Db, dataDir: string, cost: number, store?: BlobStore): Promise<DemoCredentials | null> {
  const [row] = await db.select({ n: count() }).from(users)
  if ((row?.n ?? 0) > 0) return null
  const credentials: DemoCredentials = {
    admin: { email: 'admin@learnpack.local', password: randomBytes(9).toString('base64url') },
    learner: { email: 'learner@learnpack.local', password: randomBytes(9).toString('base64url') },
  }
  const [, learner] = await db
    .insert(users)
    .values([
      {
        email: credentials.admin.email,
        name: 'Demo Admin',
        givenName: 'Demo',
        familyName: 'Admin',
        role: 'admin',
        emailVerified: true,
        passwordHash: await hashPassword(credentials.admin.password, cost),
      },
      {
        email: credentials.learner.email,
        name: 'Demo Learner',
        givenName: 'Demo',
        familyName: 'Learner',
        role: 'USER',
        emailVerified: true,
        passwordHash: await hashPassword(credentials.learner.password, cost),
      },
    ])
    .returning({ id: users.id })
  const packageIds = await seedDemoContent(db)
  // The demo's assignment is made when it is seeded: a fact of the install, not a rule that needs the app's clock.
  if (packageIds[0] !== undefined) await assignPackages(db, learner!.id, [packageIds[0]], new Date())
  if (store) await seedDemoMedia({ db, store }, packageIds)
  await writeFile(path.join(dataDir, 'demo-credentials.json'), JSON.stringify(credentials, null, 2), { mode: 0o600 })
  return credentials
}
