import { XLSX_TYPE } from '../../contract/mcq-import.ts'

export { formatBytes } from '../../contract/bytes.ts'

/** File types recognised by their first bytes (never by name or declared type). */
/** 'zip': any zip container (a SCORM package); 'xlsx' is what sniffing names every zip. */
export type FileKind = 'video' | 'image' | 'pdf' | 'xlsx' | 'csv' | 'zip' | 'captions'

export interface Sniffed {
  kind: FileKind
  contentType: string
  extension: string
}

/** Bytes needed to tell every supported type apart. */
export const SNIFF_BYTES = 12

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1')
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'])

export function sniff(head: Buffer): Sniffed | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: 'image', contentType: 'image/png', extension: 'png' }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { kind: 'image', contentType: 'image/webp', extension: 'webp' }
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'video', contentType: 'video/webm', extension: 'webm' }
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    return ascii(head, 8, 12) === 'qt  '
      ? { kind: 'video', contentType: 'video/quicktime', extension: 'mov' }
      : { kind: 'video', contentType: 'video/mp4', extension: 'mp4' }
  }
  if (head.length >= 8 && QUICKTIME_ATOMS.has(ascii(head, 4, 8))) return { kind: 'video', contentType: 'video/quicktime', extension: 'mov' }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) {
    return { kind: 'xlsx', contentType: XLSX_TYPE, extension: 'xlsx' }
  }
  if (head.length > 0 && isText(head)) return { kind: 'csv', contentType: 'text/csv', extension: 'csv' }
  return null
}

/**
 * Text with no control character but tabs and line breaks: what a CSV file starts with (UTF-8 bytes, a byte order
 * mark included, are all at or above 0x20). Checked last, as a PDF also starts as text.
 */
const isText = (head: Buffer) => head.every((byte) => (byte >= 0x20 ? byte !== 0x7f : byte === 0x09 || byte === 0x0a || byte === 0x0d))

/** Whether a sniffed file is of the kind a rule expects (a zip of any kind passes for 'zip'). */
export function isKind(found: Sniffed | null, kind: FileKind): found is Sniffed {
  if (!found) return false
  return found.kind === kind || (kind === 'zip' && found.kind === 'xlsx')
}

export const KIND_LABEL: Record<FileKind, string> = {
  video: 'a video (MP4, WebM or QuickTime)',
  image: 'an image (PNG, JPEG or WebP)',
  pdf: 'a PDF',
  xlsx: 'an Excel .xlsx spreadsheet',
  csv: 'a CSV file',
  zip: 'a .zip package',
  captions: 'a WebVTT (.vtt) or SubRip (.srt) caption file',
}

/**
 * Caption files are text, which has no signature: anything that is not a known binary type (text sniffs as CSV)
 * passes here, and the parser decides.
 */
export function sniffText(head: Buffer): Sniffed | null {
  const found = sniff(head)
  if ((found && found.kind !== 'csv') || head.includes(0)) return null
  return { kind: 'captions', contentType: 'text/plain; charset=utf-8', extension: 'txt' }
}
