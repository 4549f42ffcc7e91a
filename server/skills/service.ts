import { eq } from 'drizzle-orm'
import type { SkillWithTopics } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import { skills } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { noMedia, toSkill, type Signer } from '../content/mappers.ts'
import { skillTree } from '../content/tree-query.ts'

/** A skill with its package's title and its topics and sub-topics, in one statement. */
export async function getSkillWithTopics(db: Db, id: number, sign: Signer = noMedia): Promise<SkillWithTopics> {
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
