import type { Readable } from 'node:stream'

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

/** A complete file in the store, as the sweep sees it. */
export interface StoredBlob {
  key: string
  modifiedAt: Date
}

/** Where uploaded files live. Keys are random; callers never choose a path from user input. */
export interface BlobStore {
  /** True when other server instances may write to the same store at once (a bucket); false for this server's own directory. */
  readonly shared: boolean
  /** Streams `body` into the store under `key`; nothing is visible under the key unless the whole body arrived. */
  put(key: string, body: Readable, contentType: string): Promise<void>
  /** A stream of the whole file or of one byte range. */
  get(key: string, range?: ByteRange): Promise<Readable>
  delete(key: string): Promise<void>
  /** Every complete file whose key has the shape this server gives keys, a page at a time. */
  list(): AsyncIterable<StoredBlob[]>
  /** Removes leftovers of interrupted writes last touched before `before` (local disk: temporary files; S3: multipart uploads). */
  sweep(before: Date): Promise<void>
}

/** The keys this server makes (a random UUID's hex digits); the sweep never touches anything else in a store. */
export const GENERATED_KEY = /^[0-9a-f]{32}$/
