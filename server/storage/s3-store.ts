import { PassThrough, type Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { GENERATED_KEY, type BlobStore, type StoredBlob } from './blob-store.ts'

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i

export interface S3StoreOptions {
  /** An S3-compatible endpoint (MinIO, Spaces, R2 …); addressed path-style. Absent: AWS S3 itself. */
  endpoint?: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Object keys start with this (e.g. 'files/'); default none. */
  prefix?: string
  /** Part size of multipart uploads in bytes (S3's minimum, 5 MiB, by default). */
  partSize?: number
}

/**
 * Files in an S3-compatible bucket. Uploads stream through lib-storage's multipart Upload (at most
 * `queueSize × partSize` bytes in memory, whatever the file size); an upload that fails is aborted, so no
 * object appears under the key. Reads use GetObject with a Range header.
 */
export function createS3Store(options: S3StoreOptions, client = s3Client(options)): BlobStore {
  const { bucket } = options
  const prefix = options.prefix ?? ''
  const objectKey = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`)
    return `${prefix}${key}`
  }
  return {
    // Several instances of the server may share one bucket.
    shared: true,
    async put(key, body, contentType) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType },
        partSize: options.partSize ?? 5 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } catch (err) {
        // The caller keeps reading the request only once the body is released (see multipart.ts).
        body.destroy(err as Error)
        throw err
      }
    },
    async get(key, range) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      )
      if (!answer.Body) throw new Error(`Empty answer for ${key}`)
      const body = answer.Body as Readable
      const wanted = range ? range.end - range.start + 1 : undefined
      // Some S3-compatible servers answer 'bytes=0-0' with more than was asked (s3rver reads an end of 0 as
      // "to the end"); never pass on more bytes than the range holds.
      if (wanted !== undefined && answer.ContentLength !== undefined && answer.ContentLength > wanted) return take(body, wanted)
      return body
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
    },
    async *list() {
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }))
        const blobs: StoredBlob[] = []
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length)
          if (key && GENERATED_KEY.test(key) && object.LastModified) blobs.push({ key, modifiedAt: object.LastModified })
        }
        if (blobs.length) yield blobs
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },
    /**
     * Aborts multipart uploads started before `before` (a process that died mid-upload leaves its parts
     * behind, and the bucket keeps billing for them). Stores without ListMultipartUploads (some S3-compatible
     * servers) answer NotImplemented: nothing to sweep then; a bucket lifecycle rule
     * (AbortIncompleteMultipartUpload) does the same job there.
     */
    async sweep(before) {
      const cutoff = before.getTime()
      let keyMarker: string | undefined
      let uploadIdMarker: string | undefined
      try {
        for (;;) {
          const page = await client.send(
            new ListMultipartUploadsCommand({
              Bucket: bucket,
              Prefix: prefix || undefined,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          )
          for (const upload of page.Uploads ?? []) {
            if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated.getTime() < cutoff) {
              await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }))
            }
          }
          if (!page.IsTruncated) break
          keyMarker = page.NextKeyMarker
          uploadIdMarker = page.NextUploadIdMarker
        }
      } catch (err) {
        const name = (err as { name?: string }).name
        if (name === 'NotImplemented') return
        console.error(JSON.stringify({ level: 'warn', msg: 'could not sweep stale multipart uploads', error: String(err) }))
      }
    },
  }
}

/** The first `limit` bytes of a stream; the rest is not read. */
function take(source: Readable, limit: number): Readable {
  let left = limit
  const out = new PassThrough()
  source.on('data', (chunk: Buffer) => {
    if (left <= 0) return
    const piece = chunk.length > left ? chunk.subarray(0, left) : chunk
    left -= piece.length
    if (!out.write(piece)) source.pause()
    if (left <= 0) {
      out.end()
      source.destroy()
    }
  })
  out.on('drain', () => source.resume())
  source.on('end', () => out.end())
  source.on('error', (err) => out.destroy(err))
  out.on('close', () => source.destroy())
  return out
}

export function s3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    // S3-compatible servers (MinIO, s3rver, …) rarely resolve bucket.host names: address buckets by path.
    forcePathStyle: Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Many S3-compatible servers reject the SDK's default CRC checksums on every request; send them only where S3 requires them.
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
  })
}
