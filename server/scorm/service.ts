import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { ScormPackage } from '../../contract/content.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { scormFiles, scormPackages, scormScos, storedFiles, subTopics } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { toScormPackage } from '../content/mappers.ts'
import { scormPackageScos } from '../content/tree-query.ts'
import { deleteFiles } from '../files/service.ts'
import { receiveUpload, type UploadRequest } from '../storage/multipart.ts'
import { contentTypeOf } from './content-types.ts'
import { asPackageError, openPackage, type OpenedPackage } from './package-zip.ts'
import { createTempFileStore } from './temp-file-store.ts'

type Deps = Pick<AppDeps, 'db' | 'store'>

export const MAX_PACKAGE_BYTES = 500 * 1024 ** 2
/** Files stored at once while a package is unpacked into the store. */
const STORE_CONCURRENCY = 4
/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters). */
const ROWS_PER_INSERT = 2_000

/**
 * Receives a package (streamed to a temporary file, at most 500 MB), checks it (package-zip.ts) and stores each
 * of its files under a random key; then writes the package, its SCOs and its files in one transaction. Any
 * refusal or failure deletes every file stored so far: nothing is left of a refused upload.
 */
export async function uploadScormPackage(deps: Deps, subTopicId: number, request: UploadRequest): Promise<ScormPackage> {
  const [subTopic] = await deps.db.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, subTopicId))
  if (!subTopic) throw notFound('SubTopic not found')
  const temp = await createTempFileStore()
  try {
    const upload = await receiveUpload(request, temp.store, { file: { kind: 'zip', maxBytes: MAX_PACKAGE_BYTES, required: true } }, [])
    const opened = await openPackage(temp.pathOf(upload.files.file!.key!))
    try {
      return await storePackage(deps, subTopicId, opened)
    } finally {
      opened.zip.close()
    }
  } finally {
    await temp.remove()
  }
}

async function storePackage(deps: Deps, subTopicId: number, { zip, manifest, files }: OpenedPackage): Promise<ScormPackage> {
  const stored: { path: string; key: string; size: number; contentType: string }[] = []
  try {
    const queue = [...files]
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const key = randomUUID().replaceAll('-', '')
        const contentType = contentTypeOf(file.name)
        try {
          await deps.store.put(key, await zip.open(file.name), contentType)
        } catch (err) {
          await deps.store.delete(key).catch(() => undefined)
          throw asPackageError(err)
        }
        stored.push({ path: file.name, key, size: file.size, contentType })
      }
    }
    const workers = Array.from({ length: STORE_CONCURRENCY }, worker)
    const results = await Promise.allSettled(workers)
    const failed = results.find((r) => r.status === 'rejected')
    if (failed) throw failed.reason

    return await deps.db.transaction(async (tx) => {
      for (let i = 0; i < stored.length; i += ROWS_PER_INSERT) {
        const page = stored.slice(i, i + ROWS_PER_INSERT)
        await tx
          .insert(storedFiles)
          .values(page.map((f) => ({ key: f.key, contentType: f.contentType, size: f.size, originalName: path.posix.basename(f.path) })))
      }
      const [row] = await tx.insert(scormPackages).values({ subTopicId, title: manifest.title, edition: manifest.edition }).returning()
      const packageId = row!.id
      const scos = await tx
        .insert(scormScos)
        .values(
          uniqueIdentifiers(manifest.scos).map((sco, position) => ({
            packageId,
            position,
            identifier: sco.identifier,
            title: sco.title,
            href: sco.href,
          })),
        )
        .returning()
      for (let i = 0; i < stored.length; i += ROWS_PER_INSERT) {
        await tx.insert(scormFiles).values(stored.slice(i, i + ROWS_PER_INSERT).map((f) => ({ packageId, path: f.path, fileKey: f.key })))
      }
      return toScormPackage({ ...row!, scos: scos.sort((a, b) => a.position - b.position) })
    })
  } catch (err) {
    await Promise.allSettled(stored.map((f) => deps.store.delete(f.key)))
    throw err
  }
}

/** Two items may point at one resource with no identifier of their own: each SCO keeps a distinct one. */
function uniqueIdentifiers<T extends { identifier: string }>(scos: T[]): T[] {
  const seen = new Set<string>()
  return scos.map((sco) => {
    let identifier = sco.identifier.slice(0, 200) || 'item'
    for (let n = 2; seen.has(identifier); n++) identifier = `${sco.identifier.slice(0, 190)}-${n}`
    seen.add(identifier)
    return { ...sco, identifier }
  })
}

/** A package the viewer may see (its sub-topic's package is theirs, or they are an admin). */
export async function getVisibleScormPackage(deps: Pick<AppDeps, 'db'>, viewer: AuthUser, id: number) {
  const row = await deps.db.query.scormPackages.findFirst({ where: eq(scormPackages.id, id), with: scormPackageScos })
  if (!row) throw notFound('SCORM package not found')
  await assertSubTopicsAccess(deps.db, viewer, [row.subTopicId])
  return row
}

/** Deletes a package with its SCOs and learners' data in one transaction, then its files. */
export async function deleteScormPackage(deps: Deps, id: number) {
  const keys = await deps.db.transaction(async (tx) => {
    const files = await tx.select({ key: scormFiles.fileKey }).from(scormFiles).where(eq(scormFiles.packageId, id))
    const deleted = await tx.delete(scormPackages).where(eq(scormPackages.id, id)).returning({ id: scormPackages.id })
    if (!deleted.length) throw notFound('SCORM package not found')
    return files.map((f) => f.key)
  })
  await deleteFiles(deps, keys)
}
