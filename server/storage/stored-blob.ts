import type { BlobStore } from './blob-store.ts'

/** Bytes fetched per read: an MP4's atom headers and its moov box usually take one or two. */
const BLOCK = 256 * 1024

async function readRange(store: BlobStore, key: string, start: number, end: number): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of await store.get(key, { start, end: end - 1 })) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A stored file as a Blob that reads only the byte ranges asked of it (in blocks, the last one kept), so a parser
 * can seek: music-metadata steps over a video's media data instead of reading a whole 1 GiB file back after its
 * upload, from the disk or from the bucket. It answers what `parseBlob` uses: `size`, `type`, `slice().arrayBuffer()`.
 */
export function storedBlob(store: BlobStore, key: string, size: number, type: string): Blob {
  let cached: { start: number; bytes: Uint8Array } | null = null
  const read = async (start: number, end: number): Promise<ArrayBuffer> => {
    const out = new Uint8Array(Math.max(0, end - start))
    for (let at = start; at < end; ) {
      const blockStart = at - (at % BLOCK)
      if (cached?.start !== blockStart)
        cached = { start: blockStart, bytes: await readRange(store, key, blockStart, Math.min(size, blockStart + BLOCK)) }
      const from = at - blockStart
      const take = Math.min(end - at, cached.bytes.length - from)
      if (take <= 0) break
      out.set(cached.bytes.subarray(from, from + take), at - start)
      at += take
    }
    return out.buffer
  }
  const view = {
    size,
    type,
    slice: (start = 0, end = size) => {
      const from = Math.max(0, Math.min(size, start))
      const to = Math.max(from, Math.min(size, end))
      return { size: to - from, arrayBuffer: () => read(from, to) }
    },
  }
  return view as unknown as Blob
}
