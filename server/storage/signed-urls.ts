import { createHmac, timingSafeEqual } from 'node:crypto'

/** What the URL's answer names the file and its type (the uploader's file name, the sniffed type). */
export interface FileMeta {
  originalName: string
  contentType: string
}

export interface FileUrlSigner {
  /**
   * An expiring URL of the file, valid for the signer's lifetime from `now`: `/api/files/{key}?exp=…&sig=…` on
   * local disk, a presigned GET URL of the store with S3 (see media-urls.ts).
   */
  sign(key: string, now: Date, file: FileMeta): string
  /** True when the signature matches the key and expiry, and the expiry is still ahead. */
  verify(key: string, exp: string, sig: string, now: Date): boolean
}

/** The expiry is rounded up to this step, so the same file keeps the same URL for a while and browsers reuse what they cached. */
export const URL_STEP_SECONDS = 300

/** HMAC-SHA256 signatures over key and expiry; a tampered or expired URL fails. */
export function createFileUrlSigner(secret: string, ttlSeconds: number): FileUrlSigner {
  const mac = (key: string, exp: string) => createHmac('sha256', `file-url:${secret}`).update(`${key}:${exp}`).digest('base64url')
  return {
    sign(key, now) {
      // Thumbnails keep their URL on every list refresh within a step.
      const exp = String(Math.ceil((Math.floor(now.getTime() / 1000) + ttlSeconds) / URL_STEP_SECONDS) * URL_STEP_SECONDS)
      return `/api/files/${encodeURIComponent(key)}?exp=${exp}&sig=${mac(key, exp)}`
    },
    verify(key, exp, sig, now) {
      if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= now.getTime()) return false
      const expected = Buffer.from(mac(key, exp))
      const given = Buffer.from(sig)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
