import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { BlobStore } from './blob-store.ts'

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i

/** Files on local disk under DATA_DIR/files. Writes go to .tmp/ and are renamed into place when complete. */
export function createLocalStore(root: string): BlobStore {
  const tmpDir = path.join(root, '.tmp')
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`)
    return path.join(root, key.slice(0, 2), key)
  }
  return {
    async put(key, body) {
      const target = pathOf(key)
      await mkdir(tmpDir, { recursive: true })
      await mkdir(path.dirname(target), { recursive: true })
      const tmp = path.join(tmpDir, `${randomUUID()}.part`)
      try {
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }))
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
    async sweep() {
      const leftovers = await readdir(tmpDir).catch(() => [] as string[])
      await Promise.all(leftovers.map((name) => rm(path.join(tmpDir, name), { force: true })))
    },
  }
}
