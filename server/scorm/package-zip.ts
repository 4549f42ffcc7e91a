import { AppError, badRequest } from '../http/errors.ts'
import { isSizeMismatch, openZipContainer, type ZipContainer, type ZipLimits } from '../sheets/zip-container.ts'
import { escapesPackage } from './entry-paths.ts'
import { parseManifest, type ParsedManifest } from './manifest.ts'

export const NOT_A_PACKAGE = 'The file is not a valid .zip package'
export const MAX_PACKAGE_ENTRIES = 20_000
/** What a package may expand to in all; more is refused as a zip bomb before anything is inflated. */
export const MAX_PACKAGE_EXPANDED_BYTES = 4 * 1024 ** 3
const MAX_MANIFEST_BYTES = 5 * 1024 ** 2
export const ZIP_BOMB = `The package expands to more than ${MAX_PACKAGE_EXPANDED_BYTES / 1024 ** 3} GB or to more than its entries declare; it is refused as a zip bomb`

const PACKAGE_LIMITS: ZipLimits = {
  invalid: NOT_A_PACKAGE,
  maxEntries: MAX_PACKAGE_ENTRIES,
  maxExpandedBytes: MAX_PACKAGE_EXPANDED_BYTES,
  tooLarge: ZIP_BOMB,
  checkName: (name) =>
    escapesPackage(name)
      ? badRequest(`The entry '${name.slice(0, 200)}' escapes the package (an absolute path, a '..' segment or a backslash)`)
      : null,
}

export interface OpenedPackage {
  zip: ZipContainer
  manifest: ParsedManifest
  /** The files to store (directories left out), with their declared sizes. */
  files: { name: string; size: number }[]
}

/**
 * Opens an uploaded package and checks it before anything is stored: the zip's limits and entry names (above),
 * imsmanifest.xml at the root, a SCORM 1.2 or 2004 manifest, and every launch file present.
 */
export async function openPackage(filePath: string): Promise<OpenedPackage> {
  const zip = await openZipContainer({ path: filePath }, PACKAGE_LIMITS)
  try {
    if (!zip.has('imsmanifest.xml')) throw badRequest('The package has no imsmanifest.xml at its root')
    const manifestEntry = zip.entries().find((e) => e.name === 'imsmanifest.xml')!
    if (manifestEntry.size > MAX_MANIFEST_BYTES) throw badRequest('imsmanifest.xml is larger than 5 MB')
    const manifest = parseManifest((await readEntry(zip, 'imsmanifest.xml')).toString('utf8'))
    for (const sco of manifest.scos) {
      if (!zip.has(sco.file))
        throw badRequest(`The launch file '${sco.file.slice(0, 200)}' of '${sco.title.slice(0, 100)}' is missing from the package`)
    }
    return { zip, manifest, files: zip.entries().filter((e) => !e.name.endsWith('/')) }
  } catch (err) {
    zip.close()
    throw err
  }
}

/** An entry's bytes; an entry that inflates past what it declares is a zip bomb. */
export async function readEntry(zip: ZipContainer, name: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  try {
    for await (const chunk of await zip.open(name)) chunks.push(chunk as Buffer)
  } catch (err) {
    throw asPackageError(err)
  }
  return Buffer.concat(chunks)
}

/** A failure while inflating an entry, as the 400 the uploader sees. */
export function asPackageError(err: unknown): unknown {
  if (err instanceof AppError) return err
  if (isSizeMismatch(err)) return badRequest(ZIP_BOMB)
  return badRequest(`${NOT_A_PACKAGE}: an entry cannot be read`)
}
