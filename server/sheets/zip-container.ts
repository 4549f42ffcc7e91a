import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { AppError, badRequest } from '../http/errors.ts'

export const NOT_XLSX = 'The file is not a valid .xlsx spreadsheet'
const MAX_EXPANDED_BYTES = 100 * 1024 * 1024
const MAX_ENTRIES = 5_000
/** Bit 3 of an entry's flags: its sizes follow its data, in a data descriptor of 12 to 24 bytes. */
const HAS_DATA_DESCRIPTOR = 0x8
const MAX_DESCRIPTOR_BYTES = 24

/** An uploaded zip container whose entries can be read in any order, each inflating to no more than it declares. */
export interface ZipContainer {
  has(name: string): boolean
  /** The entry's content as a stream; it fails as soon as it would inflate past its declared size. */
  open(name: string): Promise<Readable>
  close(): void
}

/**
 * Opens a spreadsheet's zip from its central directory (yauzl), and refuses it unless: the directory lists at
 * most 5,000 entries declaring 100 MB in all, and its entries cover the file from the first byte to the directory
 * with nothing between them (a local entry the directory does not list is data no check would see).
 */
export async function openZipContainer(buffer: Buffer): Promise<ZipContainer> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false })
  } catch {
    throw badRequest(NOT_XLSX)
  }
  // yauzl starts reading entries where the central directory begins.
  const directoryOffset = (zip as unknown as { readEntryCursor: number }).readEntryCursor
  if (zip.entryCount > MAX_ENTRIES) throw badRequest(`${NOT_XLSX}: it has more than ${MAX_ENTRIES.toLocaleString('en-US')} entries`)
  const entries = new Map<string, yauzl.Entry>()
  const spans: { start: number; end: number; descriptor: boolean }[] = []
  let declared = 0
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize
      if (declared > MAX_EXPANDED_BYTES)
        throw badRequest(`The spreadsheet expands to more than ${MAX_EXPANDED_BYTES / 1024 / 1024} MB; it is refused`)
      const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true })
      spans.push({
        start: entry.relativeOffsetOfLocalHeader,
        end: fileDataStart + entry.compressedSize,
        descriptor: (entry.generalPurposeBitFlag & HAS_DATA_DESCRIPTOR) !== 0,
      })
      entries.set(entry.fileName, entry)
    }
  } catch (err) {
    zip.close()
    if (err instanceof AppError) throw err
    throw badRequest(NOT_XLSX)
  }
  if (!coversUpTo(spans, directoryOffset)) {
    zip.close()
    throw badRequest(`${NOT_XLSX}: it holds data its zip directory does not list`)
  }
  return {
    has: (name) => entries.has(name),
    async open(name) {
      const entry = entries.get(name)
      if (!entry) throw badRequest(`${NOT_XLSX}: it has no ${name}`)
      let stream: Readable
      try {
        stream = await zip.openReadStreamPromise(entry)
      } catch {
        throw badRequest(NOT_XLSX)
      }
      return stream
    },
    close: () => zip.close(),
  }
}

/** Whether the entries, in file order, follow each other from byte 0 up to `end`, with no gap but a data descriptor. */
function coversUpTo(spans: { start: number; end: number; descriptor: boolean }[], end: number): boolean {
  let at = 0
  let slack = 0
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at || span.start - at > slack) return false
    at = span.end
    slack = span.descriptor ? MAX_DESCRIPTOR_BYTES : 0
  }
  return end >= at && end - at <= slack
}

/** An entry's stream failed because it inflated to another size than it declared (yauzl's size check). */
export const isSizeMismatch = (err: unknown) => err instanceof Error && /bytes in the stream/.test(err.message)
