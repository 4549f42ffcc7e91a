// The part of s3rver's API server/storage/s3-store.test.ts uses (s3rver ships no types).
declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number; family: string }>
    close(): Promise<void>
  }
}
