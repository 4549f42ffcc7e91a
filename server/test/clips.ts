import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Real video files for upload tests: the server reads every video's duration from its container and refuses one
 * without, so a few magic bytes no longer make a video. CLIP is the licence-free 3-second H.264 test pattern of
 * the e2e journeys (tests/e2e/media.spec.ts tells how it was made).
 */
export const CLIP = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../tests/e2e/fixtures/clip.mp4'))
export const CLIP_SECONDS = 3

/** A top-level MP4 box header: its size (the header's 8 bytes included) and its type. */
function boxHeader(type: string, size: number): Buffer {
  const header = Buffer.alloc(8)
  header.writeUInt32BE(size)
  header.write(type, 4, 'latin1')
  return header
}

/** The clip followed by the header of a `free` box that declares the bytes up to `size`: a stream's first bytes. */
export function mp4Head(size: number): Buffer {
  if (size < CLIP.length + 8) throw new Error(`An MP4 clip needs at least ${CLIP.length + 8} bytes`)
  return Buffer.concat([CLIP, boxHeader('free', size - CLIP.length)])
}

/** The clip padded with a `free` box of `fill` bytes to `size` bytes in all: still a valid 3-second MP4. */
export function mp4(size = CLIP.length + 1024, fill = 0x11): Buffer {
  const head = mp4Head(size)
  return Buffer.concat([head, Buffer.alloc(size - head.length, fill)])
}

/** The clip as QuickTime: the same boxes under the 'qt  ' brand. */
export function quicktime(): Buffer {
  const clip = Buffer.from(CLIP)
  clip.write('qt  ', 8, 'latin1')
  return clip
}

/** A minimal WebM: the EBML header and a segment whose info says 7 seconds (TimecodeScale 1 ms). */
export function webm(): Buffer {
  const size = (n: number) => {
    const b = Buffer.alloc(8)
    b.writeBigUInt64BE(BigInt(n) | (1n << 56n))
    return b
  }
  const element = (id: number[], body: Buffer) => Buffer.concat([Buffer.from(id), size(body.length), body])
  const uint32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255])
  const float64 = (n: number) => {
    const b = Buffer.alloc(8)
    b.writeDoubleBE(n)
    return b
  }
  const timecodeScale = element([0x2a, 0xd7, 0xb1], uint32(1_000_000))
  const duration = element([0x44, 0x89], float64(7000))
  return Buffer.concat([
    element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm'))),
    element([0x18, 0x53, 0x80, 0x67], element([0x15, 0x49, 0xa9, 0x66], Buffer.concat([timecodeScale, duration]))),
  ])
}
