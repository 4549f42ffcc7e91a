import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { Derive } from './kdf-pool.ts'

/** scrypt (memory-hard). The hash string carries its own parameters, so the cost can change later. */
const KEY_LENGTH = 32
export const DEFAULT_COST = 15 // N = 2^15, r = 8: 32 MiB per hash

/**
 * node:crypto's scrypt on libuv's thread pool: for work before the server answers anyone (the seeds at startup).
 * Requests hash on the bounded pool (kdf-pool.ts, `AppDeps.kdf`).
 */
export const deriveInProcess: Derive = ({ password, salt, n, r, p, keyLength }) =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N: n, r, p, maxmem: 256 * n * r }, (err, key) => (err ? reject(err) : resolve(key)))
  })

const job = (password: string, salt: Uint8Array, n: number, r: number, p: number) => ({
  password: password.normalize('NFKC'),
  salt,
  n,
  r,
  p,
  keyLength: KEY_LENGTH,
})

export async function hashPassword(password: string, cost = DEFAULT_COST, derive: Derive = deriveInProcess): Promise<string> {
  const salt = randomBytes(16)
  const n = 2 ** cost
  const key = await derive(job(password, salt, n, 8, 1))
  return `scrypt$${n}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
}

/** Compares in constant time. Without a stored hash (Google-only accounts) it still does the work and answers false. */
export async function verifyPassword(
  password: string,
  stored: string | null,
  cost = DEFAULT_COST,
  derive: Derive = deriveInProcess,
): Promise<boolean> {
  const parts = stored?.split('$')
  if (parts?.length !== 6 || parts[0] !== 'scrypt') {
    await derive(job(password, randomBytes(16), 2 ** cost, 8, 1))
    return false
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(job(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p)))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
