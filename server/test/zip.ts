import { crc32, deflateRawSync } from 'node:zlib'
import JSZip from 'jszip'

/** One entry of a hand-built zip. */
export interface ZipEntry {
  name: string
  content: Buffer
  /** Stored as is rather than deflated. */
  stored?: boolean
  /** A local entry the central directory does not list (a zip reader that walks local headers still finds it). */
  unlisted?: boolean
}

/** A zip written entry by entry, in the given order, with every size declared in the local headers. */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const data = entry.stored ? entry.content : deflateRawSync(entry.content, { level: 1 })
    const method = entry.stored ? 0 : 8
    const crc = crc32(entry.content)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(entry.content.length, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, data)
    if (!entry.unlisted) {
      const central = Buffer.alloc(46)
      central.writeUInt32LE(0x02014b50, 0)
      central.writeUInt16LE(20, 4)
      central.writeUInt16LE(20, 6)
      central.writeUInt16LE(method, 10)
      central.writeUInt32LE(crc, 16)
      central.writeUInt32LE(data.length, 20)
      central.writeUInt32LE(entry.content.length, 24)
      central.writeUInt16LE(name.length, 28)
      central.writeUInt32LE(offset, 42)
      directory.push(central, name)
    }
    offset += local.length + name.length + data.length
  }
  const dirSize = directory.reduce((n, b) => n + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(directory.length / 2, 8)
  end.writeUInt16LE(directory.length / 2, 10)
  end.writeUInt32LE(dirSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...directory, end])
}

/** The entries of a zip (an .xlsx), in their order in the file. */
export async function zipEntries(file: Buffer): Promise<ZipEntry[]> {
  const zip = await JSZip.loadAsync(file)
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir)
  return Promise.all(names.map(async (name) => ({ name, content: await zip.files[name]!.async('nodebuffer') })))
}

/** The same workbook re-zipped with every entry stored, worksheets first (before the workbook and shared strings). */
export async function storedWorksheetFirst(xlsx: Buffer): Promise<Buffer> {
  const entries = await zipEntries(xlsx)
  const isSheet = (e: ZipEntry) => e.name.startsWith('xl/worksheets/')
  return buildZip([...entries.filter(isSheet), ...entries.filter((e) => !isSheet(e))].map((e) => ({ ...e, stored: true })))
}
