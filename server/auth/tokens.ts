import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Role } from '../../contract/auth.ts'
import { verifyHs256 } from './hs256.ts'

export interface TokenClaims {
  userId: number
  role: Role
  /** The account's session version when the token was signed; the guard refuses it once the account's moves on. */
  sessionVersion: number
}

export interface TokenService {
  /** Without a session version the token carries 0, the version of an account that never ended its sessions. */
  sign(claims: Omit<TokenClaims, 'sessionVersion'> & { sessionVersion?: number }): Promise<string>
  /** The claims, or null for a bad signature, a wrong algorithm or an expired token. Synchronous: see hs256.ts. */
  verify(token: string): TokenClaims | null
}

export function createTokenService(secret: string, ttlSeconds: number, clock: () => Date): TokenService {
  // A WebCrypto key (not raw bytes): it works the same under Node and under the SPA tests' jsdom globals.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const rawKey = Buffer.from(secret, 'utf8')
  return {
    async sign({ userId, role, sessionVersion = 0 }) {
      const now = Math.floor(clock().getTime() / 1000)
      return new SignJWT({ role, sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(await key)
    },
    verify(token) {
      const payload = verifyHs256(token, rawKey, Math.floor(clock().getTime() / 1000))
      if (!payload || typeof payload.sub !== 'string' || !/^[1-9]\d*$/.test(payload.sub)) return null
      const userId = Number(payload.sub)
      if (!Number.isSafeInteger(userId)) return null
      const sessionVersion = payload.sv ?? 0
      if (!Number.isSafeInteger(sessionVersion)) return null
      return { userId, role: payload.role === 'admin' ? 'admin' : 'USER', sessionVersion: sessionVersion as number }
    },
  }
}

/** JWT_SECRET when set; otherwise a secret generated once and kept under DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  }
  return readFileSync(file, 'utf8').trim()
}
