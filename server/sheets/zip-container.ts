import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { AppError, badRequest } from '../http/errors.ts'

export const NOT_XLSX = 'The file is not a valid .xlsx spreadsheet'
/** Bit 3 of an entry's flags: its sizes follow its data, in a data descriptor of 12 to 24 bytes. */
const HAS_DATA_DESCRIPTOR = 0x8
const MAX_DESCRIPTOR_BYTES = 24

/** What a container may hold, and how its refusals read. */
export interface ZipLimits {
  /** The message of a file that is no zip of the expected kind (refusals add their reason after a colon). */
  invalid: string
  maxEntries: number
  /** What the entries may declare in all, expanded. */
  maxExpandedBytes: number
  /** The refusal of a container over maxExpandedBytes. */
  tooLarge: string
  /**
   * Checks each entry's raw name (yauzl's own name checks are off, so a bad name gets its own message): an error
   * refuses the container. Without it, yauzl decodes and checks names itself.
   */
  checkName?: (name: string) => AppError | null
}

/** A spreadsheet: at most 5,000 entries, 100 MB expanded. */
export const XLSX_LIMITS: ZipLimits = {
  invalid: NOT_XLSX,
  maxEntries: 5_000,
  maxExpandedBytes: 100 * 1024 * 1024,
  tooLarge: 'The spreadsheet expands to more than 100 MB; it is refused',
}

/** An uploaded zip container whose entries can be read in any order, each inflating to no more than it declares. */
export interface ZipContainer {
  has(name: string): boolean
  /** Every entry's name and declared expanded size, in directory order (directories end with '/'). */
  entries(): { name: string; size: number }[]
  /** The entry's content as a stream; it fails as soon as it would inflate past its declared size. */
  open(name: string): Promise<Readable>
  close(): void
}

/** Bit 11 of an entry's flags: its name is UTF-8 (else CP437, read here as Latin-1). */
const UTF8_NAME = 0x800

/**
 * Opens a zip (in memory, or a file on disk) from its central directory (yauzl), and refuses it unless: the
 * directory lists at most `maxEntries` entries declaring `maxExpandedBytes` in all, and its entries cover the file
 * from the first byte to the directory with nothing between them (a local entry the directory does not list is
 * data no check would see). Spreadsheets by default (XLSX_LIMITS).
 */
export async function openZipContainer(source: Buffer | { path: string }, limits: ZipLimits = XLSX_LIMITS): Promise<ZipContainer> {
  const { invalid, maxEntries, maxExpandedBytes, checkName } = limits
  // A file stays open until close(): its entries are read after the directory walk.
  const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: !checkName, autoClose: false }
  let zip: yauzl.ZipFile
  try {
    zip = Buffer.isBuffer(source) ? await yauzl.fromBufferPromise(source, options) : await yauzl.openPromise(source.path, options)
  } catch {
    throw badRequest(invalid)
  }
  // yauzl starts reading entries where the central directory begins.
  const directoryOffset = (zip as unknown as { readEntryCursor: number }).readEntryCursor
  if (zip.entryCount > maxEntries) {
    zip.close()
    throw badRequest(`${invalid}: it has more than ${maxEntries.toLocaleString('en-US')} entries`)
  }
  const entries = new Map<string, yauzl.Entry>()
  const spans: { start: number; end: number; descriptor: boolean }[] = []
  let declared = 0
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize
      if (declared > maxExpandedBytes) throw badRequest(limits.tooLarge)
      const raw = entry.fileName as unknown
      const name = Buffer.isBuffer(raw) ? raw.toString(entry.generalPurposeBitFlag & UTF8_NAME ? 'utf8' : 'latin1') : entry.fileName
      const refused = checkName?.(name)
      if (refused) throw refused
      const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true })
      spans.push({
        start: entry.relativeOffsetOfLocalHeader,
        end: fileDataStart + entry.compressedSize,
        descriptor: (entry.generalPurposeBitFlag & HAS_DATA_DESCRIPTOR) !== 0,
      })
      entries.set(name, entry)
    }
  } catch (err) {
    zip.close()
    if (err instanceof AppError) throw err
    throw badRequest(invalid)
  }
  if (!coversUpTo(spans, directoryOffset)) {
    zip.close()
    throw badRequest(`${invalid}: it holds data its zip directory does not list`)
  }
  return {
    has: (name) => entries.has(name),
    entries: () => [...entries].map(([name, entry]) => ({ name, size: entry.uncompressedSize })),
    async open(name) {
      const entry = entries.get(name)
      if (!entry) throw badRequest(`${invalid}: it has no ${name}`)
      let stream: Readable
      try {
        stream = await zip.openReadStreamPromise(entry)
      } catch {
        throw badRequest(invalid)
      }
      // The reader (a pipeline, a for-await) sees the stream's error through its own listener; this one only keeps
      // an error raised after that reader has stopped listening (a size mismatch past a failed write) from
      // becoming an uncaught exception.
      stream.on('error', () => undefined)
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
