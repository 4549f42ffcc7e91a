import { asc, eq } from 'drizzle-orm'
import type { SkillWithTopics } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import { skills, subTopics, topics } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { toSkill } from '../content/mappers.ts'

/** A skill with its package's title and its topics and sub-topics, in one statement. */
export async function getSkillWithTopics(db: Db, id: number): Promise<SkillWithTopics> {
  const row = await db.query.skills.findFirst({
    where: eq(skills.id, id),
    with: {
      package: { columns: { title: true } },
      topics: { orderBy: [asc(topics.id)], with: { subTopics: { orderBy: [asc(subTopics.id)] } } },
    },
  })
  if (!row) throw notFound(`Skill not found: ${id}`)
  return { ...toSkill(row), packageTitle: row.package.title }
}

export async function assertSkillExists(db: Db, id: number) {
  const [row] = await db.select({ id: skills.id }).from(skills).where(eq(skills.id, id))
  if (!row) throw notFound(`Skill not found: ${id}`)
}
