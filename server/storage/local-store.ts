import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import { GENERATED_KEY, type BlobStore, type StoredBlob } from './blob-store.ts'
import { fileWriter } from './file-writer.ts'

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i

/**
 * Files on local disk under DATA_DIR/files, this server's own (not shared with other instances). Writes go to
 * .tmp/ and are renamed into place when complete.
 */
export function createLocalStore(root: string): BlobStore {
  const tmpDir = path.join(root, '.tmp')
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`)
    return path.join(root, key.slice(0, 2), key)
  }
  return {
    shared: false,
    async put(key, body) {
      const target = pathOf(key)
      await mkdir(tmpDir, { recursive: true })
      await mkdir(path.dirname(target), { recursive: true })
      const tmp = path.join(tmpDir, `${randomUUID()}.part`)
      try {
        const handle = await open(tmp, 'wx')
        try {
          await pipeline(body, fileWriter(handle))
        } finally {
          await handle.close()
        }
        await rename(tmp, target)
      } catch (err) {
        await rm(tmp, { force: true })
        throw err
      }
    },
    async get(key, range) {
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {})
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve())
        stream.once('error', reject)
      })
      return stream
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    /** One page per two-character folder (files/<first two characters of the key>/<key>). */
    async *list() {
      const folders = await readdir(root).catch(() => [] as string[])
      for (const folder of folders.filter((name) => name.length === 2)) {
        const page: StoredBlob[] = []
        for (const key of await readdir(path.join(root, folder)).catch(() => [] as string[])) {
          if (!GENERATED_KEY.test(key) || !key.startsWith(folder)) continue
          const info = await stat(path.join(root, folder, key)).catch(() => null)
          if (info?.isFile()) page.push({ key, modifiedAt: info.mtime })
        }
        if (page.length) yield page
      }
    },
    async sweep(before) {
      const leftovers = await readdir(tmpDir).catch(() => [] as string[])
      await Promise.all(
        leftovers.map(async (name) => {
          const file = path.join(tmpDir, name)
          const info = await stat(file).catch(() => null)
          // An upload in progress keeps writing its temporary file, so its modification time stays recent.
          if (info && info.mtime < before) await rm(file, { force: true })
        }),
      )
    },
  }
}
