import { and, desc, eq, max, sql } from 'drizzle-orm'
import JSZip from 'jszip'
import { z } from 'zod'
import { id, type StudyMaterial } from '../../contract/content.ts'
import { text } from '../../contract/text.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { studyMaterials, subTopics } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { parseFields } from '../http/validate.ts'
import { toStudyMaterial, type Signer } from '../content/mappers.ts'
import { deleteFiles, fileKeysUnder, recordFiles } from '../files/service.ts'
import { discard, receiveUpload, type ReceivedFile, type UploadRequest } from '../storage/multipart.ts'

export const uploadFields = z.object({
  subTopicId: id,
  name: text('Name', { max: 200, required: 'Please enter a name' }),
})

/** Receives a PDF (checked by content, limited in size) with its sub-topic and name; if anything fails, the stored PDF is deleted. */
export async function uploadStudyMaterial(
  deps: Pick<AppDeps, 'db' | 'store' | 'config'>,
  request: UploadRequest,
  sign: Signer,
): Promise<StudyMaterial> {
  const upload = await receiveUpload(
    request,
    deps.store,
    { pdf: { kind: 'pdf', maxBytes: deps.config.uploads.maxPdfBytes, required: true } },
    ['subTopicId', 'name'],
  )
  const pdf = upload.files.pdf!
  try {
    const { subTopicId, name } = parseFields(uploadFields, upload.fields)
    return await addStudyMaterial(deps, subTopicId, name, pdf, sign)
  } catch (err) {
    await discard(deps.store, [pdf])
    throw err
  }
}

/**
 * Records a stored PDF. A material with the same name (case-insensitive) in the same sub-topic becomes a
 * new version; the older ones stop being latest. One transaction, serialised per sub-topic.
 */
export async function addStudyMaterial(
  deps: Pick<AppDeps, 'db'>,
  subTopicId: number,
  name: string,
  pdf: ReceivedFile,
  sign: Signer,
): Promise<StudyMaterial> {
  const row = await deps.db.transaction(async (tx) => {
    const [subTopic] = await tx.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, subTopicId)).for('update')
    if (!subTopic) throw notFound('SubTopic not found')
    const sameName = and(eq(studyMaterials.subTopicId, subTopicId), sql`lower(${studyMaterials.name}) = lower(${name})`)
    const [latest] = await tx
      .select({ version: max(studyMaterials.version) })
      .from(studyMaterials)
      .where(sameName)
    await tx.update(studyMaterials).set({ isLatest: false }).where(sameName)
    await recordFiles(tx, [pdf])
    const [inserted] = await tx
      .insert(studyMaterials)
      .values({ subTopicId, name, fileKey: pdf.key!, version: (latest?.version ?? 0) + 1, isLatest: true })
      .returning()
    return inserted!
  })
  return toStudyMaterial({ ...row, file: pdf }, sign)
}

export async function deleteStudyMaterial(deps: Pick<AppDeps, 'db' | 'store'>, id: number) {
  const files = await deps.db.transaction(async (tx) => {
    const keys = await fileKeysUnder(tx, { materialId: id })
    const [deleted] = await tx.delete(studyMaterials).where(eq(studyMaterials.id, id)).returning()
    if (!deleted) throw notFound('Study Material not found')
    // The newest remaining version of that name becomes the latest again.
    if (deleted.isLatest) {
      const [next] = await tx
        .select({ id: studyMaterials.id })
        .from(studyMaterials)
        .where(and(eq(studyMaterials.subTopicId, deleted.subTopicId), sql`lower(${studyMaterials.name}) = lower(${deleted.name})`))
        .orderBy(desc(studyMaterials.version))
        .limit(1)
      if (next) await tx.update(studyMaterials).set({ isLatest: true }).where(eq(studyMaterials.id, next.id))
    }
    return keys
  })
  await deleteFiles(deps, files)
}

/** 'Week 1: Intro/Setup' → 'Week 1 Intro Setup' — safe in every file system and zip tool. */
export const safeFileName = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    // no hidden files and no '..' at the start of a zip entry
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 100) || 'material'

/** The latest version of each material of a sub-topic as a streamed zip, entries named after the materials. */
export async function zipLatestMaterials(deps: Pick<AppDeps, 'db' | 'store'>, viewer: AuthUser, subTopicId: number) {
  await assertSubTopicsAccess(deps.db, viewer, [subTopicId])
  const [subTopic] = await deps.db.select({ id: subTopics.id, title: subTopics.title }).from(subTopics).where(eq(subTopics.id, subTopicId))
  if (!subTopic) throw notFound('SubTopic not found')
  const rows = await deps.db
    .select()
    .from(studyMaterials)
    .where(and(eq(studyMaterials.subTopicId, subTopicId), eq(studyMaterials.isLatest, true)))
    .orderBy(studyMaterials.name)
  if (!rows.length) throw notFound('This sub-topic has no study materials to download')

  const zip = new JSZip()
  const used = new Set<string>()
  for (const row of rows) {
    const base = safeFileName(row.name).replace(/\.pdf$/i, '')
    let entry = `${base}.pdf`
    for (let n = 2; used.has(entry.toLowerCase()); n++) entry = `${base} (${n}).pdf`
    used.add(entry.toLowerCase())
    zip.file(entry, await deps.store.get(row.fileKey), { binary: true })
  }
  return {
    fileName: `${safeFileName(subTopic.title)} - study materials.zip`,
    stream: zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' }),
  }
}
