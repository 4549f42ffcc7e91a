import { createHmac, timingSafeEqual } from 'node:crypto'

export interface FileUrlSigner {
  /** `/api/files/{key}?exp=…&sig=…`, valid for the signer's lifetime from `now`. */
  sign(key: string, now: Date): string
  /** True when the signature matches the key and expiry, and the expiry is still ahead. */
  verify(key: string, exp: string, sig: string, now: Date): boolean
}

/** HMAC-SHA256 signatures over key and expiry; a tampered or expired URL fails. */
export function createFileUrlSigner(secret: string, ttlSeconds: number): FileUrlSigner {
  const mac = (key: string, exp: string) => createHmac('sha256', `file-url:${secret}`).update(`${key}:${exp}`).digest('base64url')
  return {
    sign(key, now) {
      // The expiry is rounded up to a 5-minute step, so the same file keeps the same URL for a while and
      // browsers can reuse what they cached (thumbnails on every list refresh).
      const exp = String(Math.ceil((Math.floor(now.getTime() / 1000) + ttlSeconds) / 300) * 300)
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
