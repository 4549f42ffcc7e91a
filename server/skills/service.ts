import { eq } from 'drizzle-orm'
import type { SkillWithTopics } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { assertSkillAccess } from '../auth/access.ts'
import { skills } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { noMedia, toSkill, type Signer } from '../content/mappers.ts'
import { skillTree } from '../content/tree-query.ts'

/** A skill as the viewer may see it (403 for a learner without its package). */
export async function getSkillWithTopics(db: Db, viewer: AuthUser, id: number, sign: Signer = noMedia): Promise<SkillWithTopics> {
  await assertSkillAccess(db, viewer, id)
  return loadSkillWithTopics(db, id, sign)
}

/** A skill with its package's title and its topics and sub-topics, in one statement; no access check (admin writes answer with it). */
export async function loadSkillWithTopics(db: Db, id: number, sign: Signer): Promise<SkillWithTopics> {
  const row = await db.query.skills.findFirst({
    where: eq(skills.id, id),
    with: { package: { columns: { title: true as const } }, ...skillTree },
  })
  if (!row) throw notFound(`Skill not found: ${id}`)
  return { ...toSkill(row, sign), packageTitle: row.package.title }
}

export async function assertSkillExists(db: Db, id: number) {
  const [row] = await db.select({ id: skills.id }).from(skills).where(eq(skills.id, id))
  if (!row) throw notFound(`Skill not found: ${id}`)
}
