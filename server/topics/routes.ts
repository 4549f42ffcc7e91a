import { Hono } from 'hono'
import { z } from 'zod'
import { filteredPageQuery, id, idParam, pageQuery, saveTopicsInput, topicInput, topicUpdate } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { assertSkillAccess, assertTopicAccess } from '../auth/access.ts'
import { createTopic, deleteTopic, getTopic, listTopics, pageTopics, saveSkillTopics, topicsBySkill, updateTopic } from './service.ts'

const skillParam = z.object({ skillId: id })

export function topicRoutes({ db }: AppDeps, { requireUser, requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .post('/addTopic', requireAdmin, validate('json', topicInput), async (c) => ok(c, await createTopic(db, c.req.valid('json')), 'Topic created successfully', 201))
    .get('/', requireAdmin, async (c) => ok(c, await listTopics(db), 'All topics fetched'))
    .get('/page', requireAdmin, validate('query', pageQuery), async (c) => ok(c, await pageTopics(db, c.req.valid('query')), 'Paginated topics fetched'))
    .get('/filtered', requireAdmin, validate('query', filteredPageQuery), async (c) => ok(c, await pageTopics(db, c.req.valid('query')), 'Filtered topics fetched'))
    .get('/getTopicWithDetails', requireUser, validate('query', z.object({ topicId: id })), async (c) => {
      await assertTopicAccess(db, c.var.user, c.req.valid('query').topicId)
      return ok(c, await getTopic(db, c.req.valid('query').topicId), 'Topic with SubTopics, Videos, and StudyMaterials')
    })
    .get('/by-skill/:skillId', requireUser, validate('param', skillParam), async (c) => {
      await assertSkillAccess(db, c.var.user, c.req.valid('param').skillId)
      return ok(c, await topicsBySkill(db, c.req.valid('param').skillId), 'Topics fetched successfully')
    })
    .put('/by-skill/:skillId', requireAdmin, validate('param', skillParam), validate('json', saveTopicsInput), async (c) => {
      return ok(c, await saveSkillTopics(db, c.req.valid('param').skillId, c.req.valid('json')), 'Topics & Subtopics saved')
    })
    .get('/:id', requireUser, validate('param', idParam), async (c) => {
      await assertTopicAccess(db, c.var.user, c.req.valid('param').id)
      return ok(c, await getTopic(db, c.req.valid('param').id), 'Topic found')
    })
    .put('/:id', requireAdmin, validate('param', idParam), validate('json', topicUpdate), async (c) => {
      return ok(c, await updateTopic(db, c.req.valid('param').id, c.req.valid('json')), 'Topic updated successfully')
    })
    .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
      await deleteTopic(db, c.req.valid('param').id)
      return ok(c, null, 'Topic deleted successfully')
    })
}
