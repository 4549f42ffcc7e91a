import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { BlobStore } from '../storage/blob-store.ts'

/**
 * A store for one upload that must be read at random places (a zip's directory is at its end): each file goes to a
 * temporary folder of its own, removed by `remove()` whatever happened.
 */
export async function createTempFileStore(): Promise<{ store: BlobStore; pathOf(key: string): string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'learnpack-scorm-'))
  const pathOf = (key: string) => {
    if (!/^[0-9a-f]{32}$/.test(key)) throw new Error(`Invalid temporary key: ${key}`)
    return path.join(dir, key)
  }
  const unsupported = () => {
    throw new Error('A temporary upload store only receives files')
  }
  return {
    store: {
      shared: false,
      async put(key, body) {
        await pipeline(body, createWriteStream(pathOf(key), { flags: 'wx' }))
      },
      get: unsupported,
      async delete(key) {
        await rm(pathOf(key), { force: true })
      },
      list: unsupported,
      sweep: unsupported,
    },
    pathOf,
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
