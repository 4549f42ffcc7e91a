import type { Config } from '../config.ts'
import { contentDisposition } from '../files/disposition.ts'
import { createPresigner } from './presigned-urls.ts'
import { createFileUrlSigner, URL_STEP_SECONDS, type FileUrlSigner } from './signed-urls.ts'

/**
 * The URLs the SPA gets for videos, thumbnails and PDFs. Local disk: this server's signed route
 * (/api/files/{key}). S3: a presigned GET URL of the store itself, so the bytes never pass through Node; the
 * file's name and type ride along as response overrides. Either way access was decided when the URL was issued,
 * and the URL expires after FILE_URL_TTL (rounded up to a 5-minute step, so a list refreshed within the step
 * keeps its URLs and the browser its cache).
 *
 * The signed route keeps verifying its own URLs with S3 too (links issued before the store was configured).
 */
export function createMediaUrls(config: Pick<Config, 's3' | 'fileUrlTtlSeconds'>, secret: string): FileUrlSigner {
  const local = createFileUrlSigner(secret, config.fileUrlTtlSeconds)
  if (!config.s3) return local
  const presigner = createPresigner(config.s3)
  return {
    sign(key, now, file) {
      const step = URL_STEP_SECONDS * 1000
      const signedAt = new Date(Math.floor(now.getTime() / step) * step)
      // Valid until at least `now + FILE_URL_TTL`, whenever in the step it was asked for.
      const expiresIn = config.fileUrlTtlSeconds + URL_STEP_SECONDS
      return presigner.presignGet(
        key,
        { contentType: file.contentType, contentDisposition: contentDisposition('inline', file.originalName) },
        signedAt,
        expiresIn,
      )
    },
    verify: local.verify,
  }
}

/** The origin media URLs point at when it is not this server's (the CSP must allow it), or null. */
export function mediaOrigin(config: Pick<Config, 's3'>): string | null {
  return config.s3 ? createPresigner(config.s3).origin : null
}
