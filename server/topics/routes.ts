import { Hono } from 'hono'
import { z } from 'zod'
import {
  filteredPageQuery,
  id,
  idParam,
  pageQuery,
  saveTopicsInput,
  topicInput,
  topicUpdate,
  skillWithTopicsSchema,
  topicWithSkillSchema,
} from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { createTopic, deleteTopic, getTopic, listTopics, pageTopics, saveSkillTopics, topicsBySkill, updateTopic } from './service.ts'
import { page } from '../../contract/envelope.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { revalidateContent } from '../content/revalidated.ts'

const skillParam = z.object({ skillId: id })

export function topicRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post(
      '/addTopic',
      apiDoc({ summary: 'Create a topic (with sub-topics) under a skill', response: topicWithSkillSchema, status: 201 }),
      requireAdmin,
      validate('json', topicInput),
      async (c) => ok(c, await createTopic(db, c.req.valid('json'), sign()), 'Topic created successfully', 201),
    )
    .get('/', apiDoc({ summary: 'Every topic', response: z.array(topicWithSkillSchema) }), requireAdmin, async (c) =>
      ok(c, await listTopics(db, sign()), 'All topics fetched'),
    )
    .get(
      '/page',
      apiDoc({ summary: 'A page of topics', response: page(topicWithSkillSchema) }),
      requireAdmin,
      validate('query', pageQuery),
      async (c) => ok(c, await pageTopics(db, c.req.valid('query'), sign()), 'Paginated topics fetched'),
    )
    .get(
      '/filtered',
      apiDoc({ summary: 'A page of topics whose title contains `title`', response: page(topicWithSkillSchema) }),
      requireAdmin,
      validate('query', filteredPageQuery),
      async (c) => ok(c, await pageTopics(db, c.req.valid('query'), sign()), 'Filtered topics fetched'),
    )
    .get(
      '/getTopicWithDetails',
      apiDoc({ summary: 'A topic with its sub-topics, videos and study materials', response: topicWithSkillSchema }),
      requireUser,
      validate('query', z.object({ topicId: id })),
      revalidateContent(deps, 'topic', (c) => c.req.query('topicId')),
      async (c) => {
        return ok(
          c,
          await getTopic(db, c.var.user, c.req.valid('query').topicId, sign()),
          'Topic with SubTopics, Videos, and StudyMaterials',
        )
      },
    )
    .get(
      '/by-skill/:skillId',
      apiDoc({ summary: "A skill's topics", response: z.array(topicWithSkillSchema) }),
      requireUser,
      validate('param', skillParam),
      revalidateContent(deps, 'skill', (c) => c.req.param('skillId')),
      async (c) => {
        return ok(c, await topicsBySkill(db, c.var.user, c.req.valid('param').skillId, sign()), 'Topics fetched successfully')
      },
    )
    .put(
      '/by-skill/:skillId',
      apiDoc({ summary: "Save All: a skill's topics and sub-topics in one transaction", response: skillWithTopicsSchema }),
      requireAdmin,
      validate('param', skillParam),
      validate('json', saveTopicsInput),
      async (c) => {
        return ok(c, await saveSkillTopics(deps, c.req.valid('param').skillId, c.req.valid('json'), sign()), 'Topics & Subtopics saved')
      },
    )
    .get('/:id', apiDoc({ summary: 'A topic', response: topicWithSkillSchema }), requireUser, validate('param', idParam), async (c) =>
      ok(c, await getTopic(db, c.var.user, c.req.valid('param').id, sign()), 'Topic found'),
    )
    .put(
      '/:id',
      apiDoc({ summary: 'Update a topic', response: topicWithSkillSchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', topicUpdate),
      async (c) => {
        return ok(c, await updateTopic(db, c.req.valid('param').id, c.req.valid('json'), sign()), 'Topic updated successfully')
      },
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a topic and everything under it', response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await deleteTopic(deps, c.req.valid('param').id)
        return ok(c, null, 'Topic deleted successfully')
      },
    )
}
