import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'

export interface GoogleProfile {
  subject: string
  email: string
  name: string | null
  givenName: string | null
  familyName: string | null
  pictureUrl: string | null
  locale: string | null
}

export function remoteGoogleKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl))
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/**
 * Verifies a Google ID token: signature against the JWKS, issuer, audience (our client id),
 * expiry and a verified e-mail. Any failure answers null.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  options: { keys: JWTVerifyGetKey; clientId: string; issuers: string[]; now: Date },
): Promise<GoogleProfile | null> {
  try {
    const { payload } = await jwtVerify(idToken, options.keys, {
      issuer: options.issuers,
      audience: options.clientId,
      currentDate: options.now,
      algorithms: ['RS256', 'ES256'],
    })
    const email = text(payload.email)
    if (!payload.sub || !email || payload.email_verified !== true) return null
    return {
      subject: payload.sub,
      email: email.toLowerCase(),
      name: text(payload.name),
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
      pictureUrl: text(payload.picture),
      locale: text(payload.locale),
    }
  } catch {
    return null
  }
}
