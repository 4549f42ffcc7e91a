import { asc, desc, sql } from 'drizzle-orm'
import { captions, scormPackages, scormScos, skills, studyMaterials, subTopics, topics, videos } from '../db/schema.ts'

/** What a media URL needs of a stored file: the name and type its answer carries. */
const fileMeta = { columns: { originalName: true as const, contentType: true as const } }

/** A video with its two files' metadata and its caption tracks (with theirs), a study material with its PDF's. */
export const videoFiles = {
  file: fileMeta,
  thumbnail: fileMeta,
  captions: { orderBy: [asc(captions.language), asc(captions.kind), asc(captions.id)], with: { file: fileMeta } },
}
export const materialFile = { file: fileMeta }

/** A SCORM package's SCOs in manifest order. */
export const scormPackageScos = { scos: { orderBy: [asc(scormScos.position)] } }

/** The relational `with` clauses that load a sub-tree in one statement, ordered the same way everywhere. */
export const subTopicMedia = {
  videos: { orderBy: [asc(videos.id)], with: videoFiles },
  studyMaterials: { orderBy: [asc(sql`lower(${studyMaterials.name})`), desc(studyMaterials.version)], with: materialFile },
  scormPackages: { orderBy: [asc(scormPackages.id)], with: scormPackageScos },
}

export const topicTree = { subTopics: { orderBy: [asc(subTopics.id)], with: subTopicMedia } }

export const skillTree = { topics: { orderBy: [asc(topics.id)], with: topicTree } }

export const packageTree = { skills: { orderBy: [asc(skills.id)], with: skillTree } }
