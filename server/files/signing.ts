import type { AppDeps } from '../deps.ts'
import type { Signer } from '../content/mappers.ts'

/** A signer for one response: every URL in it expires at the same time. */
export const mediaSigner = (deps: Pick<AppDeps, 'fileUrls' | 'clock'>) => (): Signer => {
  const now = deps.clock()
  return (key, file) => deps.fileUrls.sign(key, now, file)
}
