import type { ByteRange } from '../storage/blob-store.ts'

/**
 * Parses a single-range `Range: bytes=…` header against a file size: 'bytes=0-99', 'bytes=100-', 'bytes=-500'.
 * Answers null when there is no usable Range header (serve the whole file) and 'unsatisfiable' for a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable'
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}
