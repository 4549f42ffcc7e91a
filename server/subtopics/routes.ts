import { Hono } from 'hono'
import { z } from 'zod'
import { filteredPageQuery, id, idParam, pageQuery, subTopicCreate, subTopicUpdate } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate, validationError } from '../http/validate.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { mediaSigner } from '../files/signing.ts'
import { createSubTopic, deleteSubTopic, getSubTopic, getSubTopicsByIds, listSubTopics, pageSubTopics, updateSubTopic } from './service.ts'

/** `?subTopicIds=1&subTopicIds=2` (the parameter repeats). */
export const subTopicIdsQuery = z.array(id).min(1, 'subTopicIds is required').max(500, 'At most 500 subTopicIds')

export function subTopicRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post('/addTopic', requireAdmin, validate('json', subTopicCreate), async (c) => ok(c, await createSubTopic(db, c.req.valid('json'), sign()), 'SubTopic created successfully', 201))
    .get('/', requireAdmin, async (c) => ok(c, await listSubTopics(db, sign()), 'All subtopics fetched'))
    .get('/page', requireAdmin, validate('query', pageQuery), async (c) => ok(c, await pageSubTopics(db, c.req.valid('query'), sign()), 'Paginated subtopics fetched'))
    .get('/filtered', requireAdmin, validate('query', filteredPageQuery), async (c) => ok(c, await pageSubTopics(db, c.req.valid('query'), sign()), 'Filtered subtopics fetched'))
    .get('/getByIds', requireUser, async (c) => {
      const parsed = z.object({ subTopicIds: subTopicIdsQuery }).safeParse({ subTopicIds: c.req.queries('subTopicIds') ?? [] })
      if (!parsed.success) throw validationError(parsed.error)
      await assertSubTopicsAccess(db, c.var.user, parsed.data.subTopicIds)
      return ok(c, await getSubTopicsByIds(db, parsed.data.subTopicIds, sign()), 'SubTopics fetched successfully')
    })
    .get('/:id', requireUser, validate('param', idParam), async (c) => {
      await assertSubTopicsAccess(db, c.var.user, [c.req.valid('param').id])
      return ok(c, await getSubTopic(db, c.req.valid('param').id, sign()), 'SubTopic fetched successfully')
    })
    .put('/:id', requireAdmin, validate('param', idParam), validate('json', subTopicUpdate), async (c) => {
      return ok(c, await updateSubTopic(db, c.req.valid('param').id, c.req.valid('json'), sign()), 'Sub Topic updated successfully')
    })
    .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
      await deleteSubTopic(deps, c.req.valid('param').id)
      return ok(c, null, 'Sub Topic deleted successfully')
    })
}
