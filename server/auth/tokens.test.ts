import { createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import { createTokenService } from './tokens.ts'

const SECRET = 'a-test-secret-of-reasonable-length-0123456789'
const now = new Date('2026-03-01T10:00:00Z')
const nowSeconds = Math.floor(now.getTime() / 1000)
const service = createTokenService(SECRET, 3600, () => now)
const key = new TextEncoder().encode(SECRET)

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
const hmac = (input: string, secret = SECRET) => createHmac('sha256', secret).update(input).digest('base64url')
/** A compact JWS made by hand, so a test can put anything in any segment. */
function handMade(header: unknown, payload: unknown, secret = SECRET) {
  const signingInput = `${b64(header)}.${b64(payload)}`
  return `${signingInput}.${hmac(signingInput, secret)}`
}
const validPayload = { sub: '7', role: 'USER', sv: 2, iat: nowSeconds, exp: nowSeconds + 60 }

describe('session tokens', () => {
  it('verifies what it signs: user id, role and session version', async () => {
    const token = await service.sign({ userId: 42, role: 'admin', sessionVersion: 3 })
    expect(service.verify(token)).toEqual({ userId: 42, role: 'admin', sessionVersion: 3 })
  })

  it('verifies tokens signed by jose as every earlier version did (same format)', async () => {
    const token = await new SignJWT({ role: 'USER', sv: 5 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('9')
      .setIssuedAt(nowSeconds - 10)
      .setExpirationTime(nowSeconds + 10)
      .sign(key)
    expect(service.verify(token)).toEqual({ userId: 9, role: 'USER', sessionVersion: 5 })
    const withoutVersion = await new SignJWT({ role: 'USER' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('9')
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + 10)
      .sign(key)
    expect(service.verify(withoutVersion)).toEqual({ userId: 9, role: 'USER', sessionVersion: 0 })
  })

  it('accepts a hand-made token with the same header and claims', () => {
    expect(service.verify(handMade({ alg: 'HS256', typ: 'JWT' }, validPayload))).toEqual({ userId: 7, role: 'USER', sessionVersion: 2 })
  })

  it('refuses a signature made with another secret, and a cut or altered signature', async () => {
    expect(service.verify(handMade({ alg: 'HS256', typ: 'JWT' }, validPayload, 'another-secret'))).toBeNull()
    const token = await service.sign({ userId: 1, role: 'USER' })
    const [h, p, s] = token.split('.') as [string, string, string]
    expect(service.verify(`${h}.${p}.${s.slice(0, -2)}`)).toBeNull()
    expect(service.verify(`${h}.${p}.${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
    expect(service.verify(`${h}.${p}.`)).toBeNull()
  })

  it('refuses a tampered payload (an admin role or another user put in a signed token)', async () => {
    const token = await service.sign({ userId: 1, role: 'USER' })
    const [h, , s] = token.split('.') as [string, string, string]
    expect(service.verify(`${h}.${b64({ ...validPayload, sub: '1', role: 'admin' })}.${s}`)).toBeNull()
  })

  it("refuses alg 'none', other algorithms, another typ and critical headers, even when the HMAC matches", () => {
    expect(service.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(validPayload)}.`)).toBeNull()
    expect(service.verify(handMade({ alg: 'none', typ: 'JWT' }, validPayload))).toBeNull()
    expect(service.verify(handMade({ alg: 'HS512', typ: 'JWT' }, validPayload))).toBeNull()
    expect(service.verify(handMade({ alg: 'hs256', typ: 'JWT' }, validPayload))).toBeNull()
    expect(service.verify(handMade({ typ: 'JWT' }, validPayload))).toBeNull()
    expect(service.verify(handMade({ alg: 'HS256', typ: 'at+jwt' }, validPayload))).toBeNull()
    expect(service.verify(handMade({ alg: 'HS256', typ: 'JWT', crit: ['exp'] }, validPayload))).toBeNull()
    expect(service.verify(handMade({ alg: 'HS256', typ: 'JWT', b64: false }, validPayload))).toBeNull()
  })

  it('refuses an expired token (at its exp second and after), one without exp, and one not yet valid, by the injected clock', () => {
    const header = { alg: 'HS256', typ: 'JWT' }
    expect(service.verify(handMade(header, { ...validPayload, exp: nowSeconds }))).toBeNull()
    expect(service.verify(handMade(header, { ...validPayload, exp: nowSeconds - 3600 }))).toBeNull()
    expect(service.verify(handMade(header, { ...validPayload, exp: undefined }))).toBeNull()
    expect(service.verify(handMade(header, { ...validPayload, exp: String(nowSeconds + 60) }))).toBeNull()
    expect(service.verify(handMade(header, { ...validPayload, nbf: nowSeconds + 30 }))).toBeNull()
    expect(service.verify(handMade(header, { ...validPayload, nbf: nowSeconds }))).not.toBeNull()
    expect(service.verify(handMade(header, { ...validPayload, iat: 'yesterday' }))).toBeNull()
    const later = createTokenService(SECRET, 3600, () => new Date(now.getTime() + 61_000))
    expect(later.verify(handMade(header, validPayload))).toBeNull()
  })

  it('refuses a subject that is not a positive integer and a session version that is not an integer', () => {
    const header = { alg: 'HS256', typ: 'JWT' }
    for (const sub of ['0', '-3', '1.5', '1e3', ' 7', 'abc', '99999999999999999999', 7, undefined]) {
      expect(service.verify(handMade(header, { ...validPayload, sub }))).toBeNull()
    }
    expect(service.verify(handMade(header, { ...validPayload, sv: 1.5 }))).toBeNull()
    expect(service.verify(handMade(header, { ...validPayload, sv: '2' }))).toBeNull()
  })

  it('refuses malformed tokens: wrong segment counts, segments that are not base64url or not JSON objects', () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' })
    const payload = b64(validPayload)
    for (const token of [
      '',
      'abc',
      `${header}.${payload}`,
      `${header}.${payload}.${hmac(`${header}.${payload}`)}.extra`,
      `${header}.${payload}.${hmac(`${header}.${payload}`)}=`,
      `${header}+.${payload}.${hmac(`${header}+.${payload}`)}`,
    ]) {
      expect(service.verify(token)).toBeNull()
    }
    const notJson = `${header}.${b64('not json')}`
    expect(service.verify(`${notJson}.${hmac(notJson)}`)).toBeNull()
    const array = `${header}.${b64([1, 2])}`
    expect(service.verify(`${array}.${hmac(array)}`)).toBeNull()
    const nullHeader = `${b64('null')}.${payload}`
    expect(service.verify(`${nullHeader}.${hmac(nullHeader)}`)).toBeNull()
  })
})
