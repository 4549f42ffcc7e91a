import { SignJWT, jwtVerify } from 'jose'

/** What a launch token allows: one user's run of one SCO (an admin's preview kept apart), until it expires. */
export interface RuntimeClaims {
  userId: number
  scoId: number
  byAdmin: boolean
}

export interface RuntimeTokenService {
  sign(claims: RuntimeClaims): Promise<string>
  /** The claims, or null for another kind of token (a session token too), a bad signature or an expired token. */
  verify(token: string): Promise<RuntimeClaims | null>
}

/** A launch lasts a working day; relaunching from the viewer issues a new token. */
export const RUNTIME_TOKEN_TTL_SECONDS = 8 * 3600
const AUDIENCE = 'scorm-runtime'

/**
 * Launch tokens of the SCORM content origin: signed with a key of their own (derived from the app's secret), so a
 * session token is never one and a launch token is never a session token; the API accepts them on the SCORM
 * runtime routes only, and the content origin to serve that SCO's package.
 */
export function createRuntimeTokens(secret: string, clock: () => Date): RuntimeTokenService {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(`scorm-runtime:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  return {
    async sign({ userId, scoId, byAdmin }) {
      const now = Math.floor(clock().getTime() / 1000)
      return new SignJWT({ sco: scoId, adm: byAdmin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + RUNTIME_TOKEN_TTL_SECONDS)
        .sign(await key)
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: clock() })
        const userId = Number(payload.sub)
        const scoId = Number(payload.sco)
        if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(scoId) || scoId <= 0) return null
        return { userId, scoId, byAdmin: payload.adm === true }
      } catch {
        return null
      }
    },
  }
}
