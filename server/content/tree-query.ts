import { asc, desc, sql } from 'drizzle-orm'
import { skills, studyMaterials, subTopics, topics, videos } from '../db/schema.ts'

/** The relational `with` clauses that load a sub-tree in one statement, ordered the same way everywhere. */
export const subTopicMedia = {
  videos: { orderBy: [asc(videos.id)] },
  studyMaterials: { orderBy: [asc(sql`lower(${studyMaterials.name})`), desc(studyMaterials.version)] },
}

export const topicTree = { subTopics: { orderBy: [asc(subTopics.id)], with: subTopicMedia } }

export const skillTree = { topics: { orderBy: [asc(topics.id)], with: topicTree } }

export const packageTree = { skills: { orderBy: [asc(skills.id)], with: skillTree } }
