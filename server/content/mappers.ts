import { toMoneyString, type Package, type Skill, type SubTopic, type Topic } from '../../contract/content.ts'
import type { packages, skills, subTopics, topics } from '../db/schema.ts'

type PackageRow = typeof packages.$inferSelect
type SkillRow = typeof skills.$inferSelect
type TopicRow = typeof topics.$inferSelect
type SubTopicRow = typeof subTopics.$inferSelect

const iso = (date: Date | string) => new Date(date).toISOString()

export const toSubTopic = (row: SubTopicRow): SubTopic => ({
  id: row.id,
  topicId: row.topicId,
  title: row.title,
  description: row.description,
  createdAt: iso(row.createdAt),
  videos: [],
  studyMaterials: [],
})

export const toTopic = (row: TopicRow & { subTopics?: SubTopicRow[] }): Topic => ({
  id: row.id,
  skillId: row.skillId,
  title: row.title,
  description: row.description,
  createdAt: iso(row.createdAt),
  subTopics: (row.subTopics ?? []).map(toSubTopic),
})

export const toSkill = (row: SkillRow & { topics?: (TopicRow & { subTopics?: SubTopicRow[] })[] }): Skill => ({
  id: row.id,
  packageId: row.packageId,
  title: row.title,
  description: row.description,
  price: toMoneyString(row.price),
  createdAt: iso(row.createdAt),
  topics: (row.topics ?? []).map(toTopic),
})

export const toPackage = (row: PackageRow & { skills?: Parameters<typeof toSkill>[0][] }): Package => ({
  id: row.id,
  title: row.title,
  description: row.description,
  price: toMoneyString(row.price),
  createdAt: iso(row.createdAt),
  skills: (row.skills ?? []).map(toSkill),
})
