import { Hono } from 'hono'
import { googleLoginRequest, loginRequest, registerRequest } from '../../contract/auth.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { clientAddress } from '../auth/client-address.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { loginWithGoogle, loginWithPassword, registerUser } from './service.ts'

export function oauth2Routes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/registerUser', validate('json', registerRequest), async (c) => {
      const user = await registerUser(deps, c.req.valid('json'), clientAddress(c, deps.config.trustProxy))
      return ok(c, user, 'User Registered Successfully', 201)
    })
    .post('/loginUser', validate('json', loginRequest), async (c) => {
      const result = await loginWithPassword(deps, c.req.valid('json'), clientAddress(c, deps.config.trustProxy))
      return ok(c, result, 'Login Success')
    })
    .post('/login', validate('json', googleLoginRequest), async (c) => {
      const result = await loginWithGoogle(deps, c.req.valid('json').idToken)
      return ok(c, result, 'Login successful')
    })
    .get('/hello', (c) => c.text('hello'))
}
