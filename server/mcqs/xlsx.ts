import { inflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { badRequest } from '../http/errors.ts'

const MAX_EXPANDED_BYTES = 100 * 1024 * 1024
const MAX_ENTRIES = 5_000
const NOT_XLSX = 'The file is not a valid .xlsx spreadsheet'

/**
 * Checks the zip container before any spreadsheet library sees it: a readable central directory, a sane
 * number of entries and a bounded expanded size, each entry actually inflating to no more than it declares
 * (a zip bomb is refused here instead of exhausting memory).
 */
export function assertSafeZip(buffer: Buffer) {
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0 || eocd + 22 > buffer.length) throw badRequest(NOT_XLSX)
  const entries = buffer.readUInt16LE(eocd + 10)
  const dirSize = buffer.readUInt32LE(eocd + 12)
  const dirOffset = buffer.readUInt32LE(eocd + 16)
  if (entries === 0xffff || dirOffset === 0xffffffff || entries > MAX_ENTRIES || dirOffset + dirSize > buffer.length) throw badRequest(NOT_XLSX)
  let total = 0
  let at = dirOffset
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw badRequest(NOT_XLSX)
    const method = buffer.readUInt16LE(at + 10)
    const compressed = buffer.readUInt32LE(at + 20)
    const declared = buffer.readUInt32LE(at + 24)
    const nameLength = buffer.readUInt16LE(at + 28)
    const extraLength = buffer.readUInt16LE(at + 30)
    const commentLength = buffer.readUInt16LE(at + 32)
    const localOffset = buffer.readUInt32LE(at + 42)
    total += declared
    if (total > MAX_EXPANDED_BYTES) throw badRequest(`The spreadsheet expands to more than ${MAX_EXPANDED_BYTES / 1024 / 1024} MB; it is refused`)
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== 0x04034b50) throw badRequest(NOT_XLSX)
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28)
    if (dataStart + compressed > buffer.length) throw badRequest(NOT_XLSX)
    if (method === 8) {
      try {
        const inflated = inflateRawSync(buffer.subarray(dataStart, dataStart + compressed), { maxOutputLength: Math.max(declared, 1) })
        if (inflated.length !== declared) throw new Error('size mismatch')
      } catch {
        throw badRequest(`${NOT_XLSX}: an entry does not expand to the size it declares`)
      }
    } else if (method !== 0) {
      throw badRequest(NOT_XLSX)
    }
    at += 46 + nameLength + extraLength + commentLength
  }
}

/** The first worksheet of a checked .xlsx buffer. */
export async function loadFirstSheet(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  assertSafeZip(buffer)
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
  } catch {
    throw badRequest(NOT_XLSX)
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw badRequest(`${NOT_XLSX}: it has no worksheet`)
  return sheet
}
