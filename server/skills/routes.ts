import { Hono } from 'hono'
import { idParam, skillWithTopicsSchema } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { getSkillWithTopics } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { revalidateContent } from '../content/revalidated.ts'

export function skillRoutes(deps: AppDeps, { requireUser }: Guards) {
  const { db } = deps
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .get(
      '/skills/:id/topics',
      apiDoc({ summary: 'A skill with its topics (the editor)', response: skillWithTopicsSchema }),
      requireUser,
      validate('param', idParam),
      revalidateContent(deps, 'skill', (c) => c.req.param('id')),
      async (c) => {
        return ok(c, await getSkillWithTopics(db, c.var.user, c.req.valid('param').id, sign()), 'Skill and its topics loaded')
      },
    )
    .get(
      '/:id',
      apiDoc({ summary: 'A skill with its topics', response: skillWithTopicsSchema }),
      requireUser,
      validate('param', idParam),
      revalidateContent(deps, 'skill', (c) => c.req.param('id')),
      async (c) => ok(c, await getSkillWithTopics(db, c.var.user, c.req.valid('param').id, sign()), 'Skill found'),
    )
}
