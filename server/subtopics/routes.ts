import { Hono } from 'hono'
import { filteredPageQuery, idParam, pageQuery, subTopicCreate, subTopicIdsQuery, subTopicUpdate } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { createSubTopic, deleteSubTopic, getSubTopic, getSubTopicsByIds, listSubTopics, pageSubTopics, updateSubTopic } from './service.ts'

export function subTopicRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post('/addTopic', requireAdmin, validate('json', subTopicCreate), async (c) => ok(c, await createSubTopic(db, c.req.valid('json'), sign()), 'SubTopic created successfully', 201))
    .get('/', requireAdmin, async (c) => ok(c, await listSubTopics(db, sign()), 'All subtopics fetched'))
    .get('/page', requireAdmin, validate('query', pageQuery), async (c) => ok(c, await pageSubTopics(db, c.req.valid('query'), sign()), 'Paginated subtopics fetched'))
    .get('/filtered', requireAdmin, validate('query', filteredPageQuery), async (c) => ok(c, await pageSubTopics(db, c.req.valid('query'), sign()), 'Filtered subtopics fetched'))
    .get('/getByIds', requireUser, validate('query', subTopicIdsQuery), async (c) => {
      return ok(c, await getSubTopicsByIds(db, c.var.user, c.req.valid('query').subTopicIds, sign()), 'SubTopics fetched successfully')
    })
    .get('/:id', requireUser, validate('param', idParam), async (c) => ok(c, await getSubTopic(db, c.var.user, c.req.valid('param').id, sign()), 'SubTopic fetched successfully'))
    .put('/:id', requireAdmin, validate('param', idParam), validate('json', subTopicUpdate), async (c) => {
      return ok(c, await updateSubTopic(db, c.req.valid('param').id, c.req.valid('json'), sign()), 'Sub Topic updated successfully')
    })
    .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
      await deleteSubTopic(deps, c.req.valid('param').id)
      return ok(c, null, 'Sub Topic deleted successfully')
    })
}
