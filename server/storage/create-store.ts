import path from 'node:path'
import type { Config } from '../config.ts'
import type { BlobStore } from './blob-store.ts'
import { createLocalStore } from './local-store.ts'

/** Local disk under DATA_DIR/files, or the S3-compatible store when S3_* is configured. */
export function createStore(config: Config): BlobStore {
  if (config.s3) throw new Error('S3 storage is configured but not available in this build')
  return createLocalStore(path.join(config.dataDir, 'files'))
}
