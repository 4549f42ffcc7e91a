import {
  toMoneyString,
  type Package,
  type ScormPackage,
  type Skill,
  type StudyMaterial,
  type SubTopic,
  type Topic,
  type Video,
} from '../../contract/content.ts'
import type { captions, packages, scormPackages, scormScos, skills, studyMaterials, subTopics, topics, videos } from '../db/schema.ts'
import type { FileMeta } from '../storage/signed-urls.ts'

type PackageRow = typeof packages.$inferSelect
type SkillRow = typeof skills.$inferSelect
type TopicRow = typeof topics.$inferSelect
type SubTopicRow = typeof subTopics.$inferSelect
/** Media rows come with their files' metadata (tree-query.ts: videoFiles, materialFile). */
export type CaptionRow = typeof captions.$inferSelect & { file: FileMeta }
export type VideoRow = typeof videos.$inferSelect & { file: FileMeta; thumbnail: FileMeta; captions: CaptionRow[] }
export type MaterialRow = typeof studyMaterials.$inferSelect & { file: FileMeta }

/** Turns a storage key into a signed, expiring URL whose answer names the file and its type. */
export type Signer = (key: string, file: FileMeta) => string

/** For callers that list no media (seeding, tests); signing anything with it is a bug and throws. */
export const noMedia: Signer = (key) => {
  throw new Error(`A URL signer is required to list media (key ${key})`)
}

const iso = (date: Date | string) => new Date(date).toISOString()

export const toVideo = (row: VideoRow, sign: Signer): Video => ({
  id: row.id,
  subTopicId: row.subTopicId,
  title: row.title,
  url: sign(row.fileKey, row.file),
  thumbnailUrl: sign(row.thumbnailKey, row.thumbnail),
  noOfViews: row.noOfViews,
  durationSeconds: row.durationSeconds ?? 0,
  createdAt: iso(row.createdAt),
  captions: row.captions.map((caption) => ({
    id: caption.id,
    language: caption.language,
    label: caption.label,
    kind: caption.kind,
    url: sign(caption.fileKey, caption.file),
  })),
})

export const toStudyMaterial = (row: MaterialRow, sign: Signer): StudyMaterial => ({
  id: row.id,
  subTopicId: row.subTopicId,
  name: row.name,
  version: row.version,
  isLatest: row.isLatest,
  pdfUrl: sign(row.fileKey, row.file),
  createdAt: iso(row.createdAt),
})

export type ScormPackageRow = typeof scormPackages.$inferSelect & { scos: (typeof scormScos.$inferSelect)[] }

export const toScormPackage = (row: ScormPackageRow): ScormPackage => ({
  id: row.id,
  subTopicId: row.subTopicId,
  title: row.title,
  version: row.edition === '1.2' ? '1.2' : '2004',
  scos: row.scos.map((sco) => ({ id: sco.id, identifier: sco.identifier, title: sco.title, href: sco.href })),
})

export type SubTopicTreeRow = SubTopicRow & { videos?: VideoRow[]; studyMaterials?: MaterialRow[]; scormPackages?: ScormPackageRow[] }

export const toSubTopic = (row: SubTopicTreeRow, sign: Signer): SubTopic => ({
  id: row.id,
  topicId: row.topicId,
  title: row.title,
  description: row.description,
  createdAt: iso(row.createdAt),
  videos: (row.videos ?? []).map((v) => toVideo(v, sign)),
  studyMaterials: (row.studyMaterials ?? []).map((m) => toStudyMaterial(m, sign)),
  scormPackages: (row.scormPackages ?? []).map(toScormPackage),
})

export type TopicTreeRow = TopicRow & { subTopics?: SubTopicTreeRow[] }

export const toTopic = (row: TopicTreeRow, sign: Signer): Topic => ({
  id: row.id,
  skillId: row.skillId,
  title: row.title,
  description: row.description,
  createdAt: iso(row.createdAt),
  subTopics: (row.subTopics ?? []).map((s) => toSubTopic(s, sign)),
})

export type SkillTreeRow = SkillRow & { topics?: TopicTreeRow[] }

export const toSkill = (row: SkillTreeRow, sign: Signer): Skill => ({
  id: row.id,
  packageId: row.packageId,
  title: row.title,
  description: row.description,
  price: toMoneyString(row.price),
  createdAt: iso(row.createdAt),
  topics: (row.topics ?? []).map((t) => toTopic(t, sign)),
})

export const toPackage = (row: PackageRow & { skills?: SkillTreeRow[] }, sign: Signer): Package => ({
  id: row.id,
  title: row.title,
  description: row.description,
  price: toMoneyString(row.price),
  createdAt: iso(row.createdAt),
  skills: (row.skills ?? []).map((s) => toSkill(s, sign)),
})
