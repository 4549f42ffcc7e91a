import { Hono } from 'hono'
import { z } from 'zod'
import { accessRequestInput, accessRequestSchema, myAccessRequestsSchema } from '../../contract/access-requests.ts'
import { idParam } from '../../contract/content.ts'
import type { Guards } from '../auth/guards.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'
import { forbidden } from '../http/errors.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { listOpenRequests, myOpenRequests, requestAccess, resolveRequest } from './service.ts'

const tags = ['access requests']

export function accessRequestRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  return new Hono<AppEnv>()
    .post(
      '/',
      apiDoc({
        summary: 'Ask for a package not assigned to you (learners; once while open)',
        tags,
        response: myAccessRequestsSchema,
        status: 201,
      }),
      requireUser,
      validate('json', accessRequestInput),
      async (c) => {
        const user = c.var.user
        if (user.role === 'admin') throw forbidden('Administrators see every package already')
        const { created } = await requestAccess(deps, user, c.req.valid('json').packageId)
        const mine = { packageIds: await myOpenRequests(db, user.id) }
        return created ? ok(c, mine, 'Access requested', 201) : ok(c, mine, 'Access already requested')
      },
    )
    .get(
      '/mine',
      apiDoc({ summary: 'The packages you have asked for and not yet been given', tags, response: myAccessRequestsSchema }),
      requireUser,
      async (c) => ok(c, { packageIds: await myOpenRequests(db, c.var.user.id) }, 'Your access requests'),
    )
    .get(
      '/',
      apiDoc({ summary: 'Open access requests, oldest first', tags, response: z.array(accessRequestSchema) }),
      requireAdmin,
      async (c) => ok(c, await listOpenRequests(db), 'Open access requests'),
    )
    .post(
      '/:id/assign',
      apiDoc({ summary: 'Assign the requested package to the learner and close the request', tags, response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await resolveRequest(deps, c.var.user, c.req.valid('param').id, 'assigned')
        return ok(c, null, 'Package assigned')
      },
    )
    .post(
      '/:id/dismiss',
      apiDoc({ summary: 'Close a request without assigning the package', tags, response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await resolveRequest(deps, c.var.user, c.req.valid('param').id, 'dismissed')
        return ok(c, null, 'Request dismissed')
      },
    )
}
