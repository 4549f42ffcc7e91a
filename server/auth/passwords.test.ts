import { hashPassword, verifyPassword } from './passwords.ts'

const COST = 10

describe('passwords', () => {
  it('hashes with scrypt, carrying its parameters and a random salt', async () => {
    const a = await hashPassword('secret-pass', COST)
    const b = await hashPassword('secret-pass', COST)
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('secret-pass')
  })

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('secret-pass', COST)
    expect(await verifyPassword('secret-pass', stored, COST)).toBe(true)
    expect(await verifyPassword('secret-pasS', stored, COST)).toBe(false)
    expect(await verifyPassword('', stored, COST)).toBe(false)
    expect(await verifyPassword('secret-pass ', stored, COST)).toBe(false)
  })

  it('reads the cost from the stored hash, so the cost can change later', async () => {
    const stored = await hashPassword('secret-pass', 11)
    expect(stored.startsWith('scrypt$2048$')).toBe(true)
    expect(await verifyPassword('secret-pass', stored, COST)).toBe(true)
  })

  it('normalises Unicode (NFKC) before hashing', async () => {
    const stored = await hashPassword('caf\u00e9-pass', COST)
    expect(await verifyPassword('cafe\u0301-pass', stored, COST)).toBe(true)
  })

  it('without a stored hash (Google-only account) or with a corrupt one nothing verifies', async () => {
    for (const stored of [null, '', 'scrypt$', 'plain', 'bcrypt$1$2$3$4$5']) {
      expect(await verifyPassword('anything', stored, COST)).toBe(false)
      expect(await verifyPassword('', stored, COST)).toBe(false)
    }
  })
})
