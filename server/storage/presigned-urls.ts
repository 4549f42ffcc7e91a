import { createHash, createHmac } from 'node:crypto'
import type { S3StoreOptions } from './s3-store.ts'

/** What a presigned GET URL makes the store answer with, whatever the object's own metadata says. */
export interface ResponseOverrides {
  contentType: string
  contentDisposition: string
}

/** S3 refuses a presigned URL valid for more than a week. */
const MAX_EXPIRES_SECONDS = 604_800

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

/** '20261125T120000Z' and '20261125'. */
function amzDates(date: Date) {
  const long = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  return { long, short: long.slice(0, 8) }
}

/**
 * The URL objects are addressed at: path-style under an S3-compatible endpoint (`{endpoint}/{bucket}`), or
 * AWS S3's virtual-hosted style (`https://{bucket}.s3.{region}.amazonaws.com`).
 */
export function storeBaseUrl(options: Pick<S3StoreOptions, 'endpoint' | 'bucket' | 'region'>): string {
  if (options.endpoint) return `${options.endpoint.replace(/\/$/, '')}/${rfc3986(options.bucket)}`
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`
}

export interface PresignOptions extends Pick<S3StoreOptions, 'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey'> {
  prefix?: string
  /** Issued URLs start with this instead of the store's own address (a CDN that forwards the query string to the store). */
  publicUrl?: string
}

/**
 * Presigns GET requests of objects (AWS Signature Version 4, query-string authentication), synchronously: a
 * tree of a thousand videos is signed in a few milliseconds. The output is the URL `@aws-sdk/s3-request-presigner`
 * gives for a GetObjectCommand with ResponseContentType and ResponseContentDisposition (presigned-urls.test.ts
 * compares the two).
 */
export function createPresigner(options: PresignOptions) {
  const base = new URL(storeBaseUrl(options))
  const publicBase = (options.publicUrl ?? storeBaseUrl(options)).replace(/\/$/, '')
  const signingKeys = new Map<string, Buffer>()
  const signingKey = (day: string) => {
    let key = signingKeys.get(day)
    if (!key) {
      key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), 's3'), 'aws4_request')
      signingKeys.clear()
      signingKeys.set(day, key)
    }
    return key
  }
  return {
    /** The origin issued URLs point at (for the CSP). */
    origin: new URL(publicBase).origin,
    presignGet(key: string, overrides: ResponseOverrides, signedAt: Date, expiresInSeconds: number): string {
      const objectPath = `/${`${options.prefix ?? ''}${key}`.split('/').map(rfc3986).join('/')}`
      const dates = amzDates(signedAt)
      const scope = `${dates.short}/${options.region}/s3/aws4_request`
      const query: [string, string][] = [
        ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
        ['X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD'],
        ['X-Amz-Credential', `${options.accessKeyId}/${scope}`],
        ['X-Amz-Date', dates.long],
        ['X-Amz-Expires', String(Math.min(Math.max(1, Math.floor(expiresInSeconds)), MAX_EXPIRES_SECONDS))],
        ['X-Amz-SignedHeaders', 'host'],
        ['response-content-disposition', overrides.contentDisposition],
        ['response-content-type', overrides.contentType],
        ['x-id', 'GetObject'],
      ]
      const canonicalQuery = query
        .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
        .sort()
        .join('&')
      const canonicalRequest = [
        'GET',
        `${base.pathname.replace(/\/$/, '')}${objectPath}`,
        canonicalQuery,
        `host:${base.host}`,
        '',
        'host',
        'UNSIGNED-PAYLOAD',
      ].join('\n')
      const stringToSign = ['AWS4-HMAC-SHA256', dates.long, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n')
      const signature = createHmac('sha256', signingKey(dates.short)).update(stringToSign).digest('hex')
      return `${publicBase}${objectPath}?${canonicalQuery}&X-Amz-Signature=${signature}`
    },
  }
}

export type Presigner = ReturnType<typeof createPresigner>
