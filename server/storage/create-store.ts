import path from 'node:path'
import type { Config } from '../config.ts'
import type { BlobStore } from './blob-store.ts'
import { createLocalStore } from './local-store.ts'

/** Local disk under DATA_DIR/files, or the S3-compatible store when S3_* is configured. */
export async function createStore(config: Config): Promise<BlobStore> {
  if (config.s3) {
    // The S3 SDK is loaded only when it is used: a disk install doesn't pay its start-up time or memory.
    const { createS3Store } = await import('./s3-store.ts')
    return createS3Store(config.s3)
  }
  return createLocalStore(path.join(config.dataDir, 'files'))
}
