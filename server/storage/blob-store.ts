import type { Readable } from 'node:stream'

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

/** Where uploaded files live. Keys are random; callers never choose a path from user input. */
export interface BlobStore {
  /** Streams `body` into the store under `key`; nothing is visible under the key unless the whole body arrived. */
  put(key: string, body: Readable, contentType: string): Promise<void>
  /** A stream of the whole file or of one byte range. */
  get(key: string, range?: ByteRange): Promise<Readable>
  delete(key: string): Promise<void>
  /** Removes leftovers of interrupted uploads (local disk: temporary files). */
  sweep(): Promise<void>
}
