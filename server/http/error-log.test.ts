import { sql } from 'drizzle-orm'
import { setupTestContext } from '../test/harness.ts'

/** A failed query's parameters (password hashes, e-mails, names) never reach the log. */

const ctx = setupTestContext()

it('a database error is logged with its code and message only, never with the parameters or the body', async () => {
  // Forces the registration insert to fail with an error the service does not expect (a check violation).
  await ctx.deps.db.execute(sql`alter table users add constraint users_name_short check (length(name) < 5)`)
  const logged: string[] = []
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
  try {
    const res = await ctx.request('POST', '/api/oauth2/registerUser', {
      body: { name: 'Secret Name', email: 'secret.person@example.com', password: 'secret-pass' },
    })
    expect(res.status).toBe(500)
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|secret/i)
  } finally {
    spy.mockRestore()
    await ctx.deps.db.execute(sql`alter table users drop constraint users_name_short`)
  }
  const log = logged.join('\n')
  expect(log).toContain('23514')
  expect(log).toContain('users_name_short')
  expect(log).not.toMatch(/scrypt\$/)
  expect(log).not.toMatch(/secret/i)
  expect(log).not.toMatch(/params/i)
})
