import type { FileHandle } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { release } from './spent-chunks.ts'

/** Chunks that queue while a write is in flight go out together in one writev, up to this many bytes. */
const BATCH_BYTES = 1024 * 1024

/**
 * A stream into an open file, several chunks per system call. Each chunk is released once written (spent-chunks.ts):
 * the memory of an upload's body goes back as fast as it comes in.
 */
export function fileWriter(handle: FileHandle): Writable {
  const writeAll = async (chunks: Buffer[]) => {
    let pending = chunks
    while (pending.length) {
      const { bytesWritten } = await handle.writev(pending)
      if (bytesWritten === 0) throw new Error('The file accepted no more bytes')
      pending = skipBytes(pending, bytesWritten)
    }
    for (const chunk of chunks) release(chunk)
  }
  return new Writable({
    highWaterMark: BATCH_BYTES,
    write(chunk: Buffer, _encoding, done) {
      writeAll([chunk]).then(() => done(), done)
    },
    writev(entries, done) {
      writeAll(entries.map((entry) => entry.chunk as Buffer)).then(() => done(), done)
    },
  })
}

/** What is left of `chunks` after the first `count` bytes (a short write to a regular file is rare, but allowed). */
function skipBytes(chunks: Buffer[], count: number): Buffer[] {
  let index = 0
  let left = count
  while (index < chunks.length && left >= chunks[index]!.length) left -= chunks[index++]!.length
  if (index === chunks.length) return []
  return [chunks[index]!.subarray(left), ...chunks.slice(index + 1)]
}
