import { Hono } from 'hono'
import { googleLoginRequest, loginRequest, registerRequest, userSchema, loginResponseSchema } from '../../contract/auth.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { clientAddress } from '../auth/client-address.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { loginWithGoogle, loginWithPassword, registerUser } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'

export function oauth2Routes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/registerUser',
      apiDoc({ summary: 'Create an account with e-mail and password', response: userSchema, status: 201 }),
      validate('json', registerRequest),
      async (c) => {
        const user = await registerUser(deps, c.req.valid('json'), clientAddress(c, deps.config))
        return ok(c, user, 'User Registered Successfully', 201)
      },
    )
    .post(
      '/loginUser',
      apiDoc({ summary: 'Sign in with e-mail and password', response: loginResponseSchema }),
      validate('json', loginRequest),
      async (c) => {
        const result = await loginWithPassword(deps, c.req.valid('json'), clientAddress(c, deps.config))
        return ok(c, result, 'Login Success')
      },
    )
    .post(
      '/login',
      apiDoc({ summary: 'Sign in with a Google ID token', response: loginResponseSchema }),
      validate('json', googleLoginRequest),
      async (c) => {
        const result = await loginWithGoogle(deps, c.req.valid('json').idToken)
        return ok(c, result, 'Login successful')
      },
    )
    .get('/hello', apiDoc({ summary: 'Liveness check: answers the text "hello"', response: 'binary', contentType: 'text/plain' }), (c) =>
      c.text('hello'),
    )
}
