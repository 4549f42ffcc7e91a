import { onTestFinished, vi } from 'vitest'

/**
 * Captures what the SPA's saveBlob saves (jsdom has no object URLs and no downloads): each click on a download link
 * adds its file name and blob. Everything is put back when the test finishes.
 */
export function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = []
  const blobs = new Map<string, Blob>()
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`
    blobs.set(url, blob)
    return url
  })
  URL.revokeObjectURL = vi.fn()
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! })
  })
  onTestFinished(() => {
    click.mockRestore()
    Object.assign(URL, original)
  })
  return saved
}
