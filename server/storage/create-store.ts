import path from 'node:path'
import type { Config } from '../config.ts'
import type { BlobStore } from './blob-store.ts'
import { createLocalStore } from './local-store.ts'
import { createS3Store } from './s3-store.ts'

/** Local disk under DATA_DIR/files, or the S3-compatible store when S3_* is configured. */
export function createStore(config: Config): BlobStore {
  if (config.s3) return createS3Store(config.s3)
  return createLocalStore(path.join(config.dataDir, 'files'))
}
