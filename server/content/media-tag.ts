import { createHash } from 'node:crypto'
import type { AppDeps } from '../deps.ts'

/**
 * Answers that list media carry signed, expiring URLs, so their body also changes when the signer's URLs do.
 * The signer keeps a URL stable for a window (server/storage/signed-urls.ts); this tag is that window's
 * fingerprint: the signed URL of a fixed probe key, hashed. It goes into the ETag and the tree cache key.
 */
export function mediaTag(deps: Pick<AppDeps, 'fileUrls' | 'clock'>): string {
  return createHash('sha1').update(deps.fileUrls.sign('etag-probe', deps.clock())).digest('base64url').slice(0, 10)
}
