/** Characters a file name cannot hold on common systems, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters (U+0000–U+001F) from file names is the point of this pattern
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g

/** 'Unit 1: Fractions / Decimals' → 'Unit 1 Fractions Decimals' (never empty). */
export function safeFileName(name: string, fallback = 'download'): string {
  const cleaned = name.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '')
  return cleaned.slice(0, 120) || fallback
}

/** Saves a downloaded Blob under `fileName` through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled (revoking at once can cancel the download in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
