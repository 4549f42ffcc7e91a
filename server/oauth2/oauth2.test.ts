import { createTestContext, type TestContext } from '../test/harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())
beforeEach(() => ctx.reset())

describe('smoke', () => {
  it('registers and logs in', async () => {
    const reg = await ctx.request('POST', '/api/oauth2/registerUser', { body: { name: 'Ann', email: 'Ann@Example.com', password: 'secret-pass' } })
    expect(reg.status).toBe(201)
    const login = await ctx.request<{ token: string }>('POST', '/api/oauth2/loginUser', { body: { email: 'ann@example.com', password: 'secret-pass' } })
    expect(login.status).toBe(200)
    const me = await ctx.request('GET', '/api/user/getUserByEmail', { token: login.body.data!.token })
    expect(me.status).toBe(200)
  })
})
