import { createHmac, timingSafeEqual } from 'node:crypto'

export interface Hs256Payload {
  [claim: string]: unknown
  sub?: unknown
  exp?: unknown
  iat?: unknown
  nbf?: unknown
}

const SEGMENT = /^[A-Za-z0-9_-]+$/

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/**
 * Verifies a compact HS256 JWS synchronously on the calling thread and answers its payload, or null.
 *
 * Why not jose's jwtVerify: it calls crypto.subtle.verify, which runs on libuv's 4-thread pool, the same pool scrypt
 * password hashing uses; under a burst of sign-ins every authenticated request queued behind the hashes (seconds),
 * while one HMAC-SHA-256 on the main thread costs microseconds. The checks are jose's for HS256: three base64url
 * segments, a JSON object header with `alg` exactly HS256 and `typ` JWT and no `crit` or `b64`, a JSON object
 * payload, the signature compared in constant time, then `exp` (required here: every token the app signs has one;
 * expired at or after it), `nbf` (not yet valid before
 * it) and `iat` as numbers at `nowSeconds`.
 */
export function verifyHs256(token: string, key: Buffer, nowSeconds: number): Hs256Payload | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJson(headerPart)
  if (header?.alg !== 'HS256' || header.typ !== 'JWT' || 'crit' in header || 'b64' in header) return null
  const signature = Buffer.from(signaturePart, 'base64url')
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest()
  if (signature.byteLength !== expected.byteLength || !timingSafeEqual(signature, expected)) return null
  const payload = decodeJson(payloadPart) as Hs256Payload | null
  if (!payload) return null
  if (!isNumber(payload.exp) || payload.exp <= nowSeconds) return null
  if (payload.nbf !== undefined && (!isNumber(payload.nbf) || payload.nbf > nowSeconds)) return null
  if (payload.iat !== undefined && !isNumber(payload.iat)) return null
  return payload
}
