/** What busboy's part parser is called with: bytes that are not the boundary, then (isMatch) a boundary seen right after them. */
export type SearchCallback = (isMatch: boolean, data: Buffer | undefined, start: number, end: number, isDataSafe: boolean) => void

/**
 * A streaming search for a multipart boundary with the same contract as busboy's `streamsearch`: bytes before a
 * boundary are passed on as ranges of the chunk itself (isDataSafe) or of the search's own copy of a chunk's tail
 * (a boundary may span two chunks). It finds boundaries with Buffer#indexOf, native code, where streamsearch steps
 * through every chunk in JavaScript: about a second of CPU per GiB of upload, the largest cost left on the main
 * thread (bench/upload.ts).
 */
export class BoundarySearch {
  matches = 0
  private readonly needle: Buffer
  private readonly callback: SearchCallback
  /** The end of the bytes seen so far that may be the start of a boundary. */
  private readonly tail: Buffer
  private tailSize: number

  constructor(needle: Buffer, callback: SearchCallback, pending: Buffer = Buffer.alloc(0)) {
    if (needle.length === 0 || pending.length >= needle.length) throw new Error('Invalid boundary search')
    this.needle = needle
    this.callback = callback
    this.tail = Buffer.alloc(needle.length)
    pending.copy(this.tail)
    this.tailSize = pending.length
  }

  push(chunk: Buffer, pos = 0): number {
    let start = this.tailSize ? this.continueTail(chunk, pos) : pos
    if (start === -1) return chunk.length
    const { needle } = this
    for (let at = chunk.indexOf(needle, start); at !== -1; at = chunk.indexOf(needle, start)) {
      this.matches++
      if (at > start) this.callback(true, chunk, start, at, true)
      else this.callback(true, undefined, 0, 0, true)
      start = at + needle.length
    }
    const kept = this.prefixAt(chunk, Math.max(start, chunk.length - needle.length + 1))
    if (kept > start) this.callback(false, chunk, start, kept, true)
    if (kept < chunk.length) {
      chunk.copy(this.tail, 0, kept)
      this.tailSize = chunk.length - kept
    }
    return chunk.length
  }

  /** Passes on what is left of the tail when the stream ends. */
  destroy() {
    if (this.tailSize) this.callback(false, this.tail, 0, this.tailSize, false)
    this.reset()
  }

  reset() {
    this.matches = 0
    this.tailSize = 0
  }

  /**
   * Decides the kept tail with the chunk's first bytes: a boundary that starts in the tail (answers where the chunk's
   * own bytes start after it), or a tail still too short to tell (answers -1: the chunk joined it), or none.
   */
  private continueTail(chunk: Buffer, pos: number): number {
    const { needle, tail } = this
    const size = this.tailSize
    const available = chunk.length - pos
    for (let from = 0; from < size; from++) {
      const inTail = size - from
      if (!tail.subarray(from, size).equals(needle.subarray(0, inTail))) continue
      const wanted = needle.length - inTail
      const compared = Math.min(wanted, available)
      if (chunk.compare(needle, inTail, inTail + compared, pos, pos + compared) !== 0) continue
      if (compared === wanted) {
        this.tailSize = 0
        this.matches++
        if (from > 0) this.callback(true, tail, 0, from, false)
        else this.callback(true, undefined, 0, 0, true)
        return pos + wanted
      }
      if (from > 0) this.callback(false, tail, 0, from, false)
      tail.copy(tail, 0, from, size)
      chunk.copy(tail, inTail, pos)
      this.tailSize = inTail + available
      return -1
    }
    this.callback(false, tail, 0, size, false)
    this.tailSize = 0
    return pos
  }

  /** The first position from `from` where the chunk's end is the start of the boundary (the chunk's length: none). */
  private prefixAt(chunk: Buffer, from: number): number {
    const { needle } = this
    for (let at = chunk.indexOf(needle[0]!, from); at !== -1; at = chunk.indexOf(needle[0]!, at + 1)) {
      if (chunk.compare(needle, 0, chunk.length - at, at) === 0) return at
    }
    return chunk.length
  }
}

/** The fields of busboy's multipart parser (1.6) that hold its boundary search: private, so checked before use. */
interface MultipartInternals {
  _bparser?: { _needle?: unknown; _cb?: unknown; _lookbehind?: unknown; _lookbehindSize?: unknown; matches?: unknown }
}

/**
 * Puts a BoundarySearch in place of the streamsearch a busboy multipart parser was built with, carrying over what
 * it has seen (busboy feeds it a CRLF on construction). Answers false, and leaves the parser as it is, when the
 * parser is not built the way this expects (another busboy version): slower, never wrong.
 */
export function replaceBoundarySearch(parser: object): boolean {
  const internals = parser as MultipartInternals
  const current = internals._bparser
  if (
    !current ||
    !Buffer.isBuffer(current._needle) ||
    typeof current._cb !== 'function' ||
    !Buffer.isBuffer(current._lookbehind) ||
    typeof current._lookbehindSize !== 'number' ||
    current.matches !== 0
  )
    return false
  const pending = current._lookbehind.subarray(0, current._lookbehindSize)
  internals._bparser = new BoundarySearch(current._needle, current._cb as SearchCallback, pending) as never
  return true
}
