import { Hono } from 'hono'
import { z } from 'zod'
import {
  filteredPageQuery,
  idParam,
  pageQuery,
  subTopicCreate,
  subTopicIdsQuery,
  subTopicUpdate,
  subTopicWithTopicSchema,
} from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { createSubTopic, deleteSubTopic, getSubTopic, getSubTopicsByIds, listSubTopics, pageSubTopics, updateSubTopic } from './service.ts'
import { page } from '../../contract/envelope.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { revalidateContent } from '../content/revalidated.ts'

export function subTopicRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post(
      '/addTopic',
      apiDoc({ summary: 'Create a sub-topic under a topic', response: subTopicWithTopicSchema, status: 201 }),
      requireAdmin,
      validate('json', subTopicCreate),
      async (c) => ok(c, await createSubTopic(db, c.req.valid('json'), sign()), 'SubTopic created successfully', 201),
    )
    .get('/', apiDoc({ summary: 'Every sub-topic', response: z.array(subTopicWithTopicSchema) }), requireAdmin, async (c) =>
      ok(c, await listSubTopics(db, sign()), 'All subtopics fetched'),
    )
    .get(
      '/page',
      apiDoc({ summary: 'A page of sub-topics', response: page(subTopicWithTopicSchema) }),
      requireAdmin,
      validate('query', pageQuery),
      async (c) => ok(c, await pageSubTopics(db, c.req.valid('query'), sign()), 'Paginated subtopics fetched'),
    )
    .get(
      '/filtered',
      apiDoc({ summary: 'A page of sub-topics whose title contains `title`', response: page(subTopicWithTopicSchema) }),
      requireAdmin,
      validate('query', filteredPageQuery),
      async (c) => ok(c, await pageSubTopics(db, c.req.valid('query'), sign()), 'Filtered subtopics fetched'),
    )
    .get(
      '/getByIds',
      apiDoc({ summary: 'Several sub-topics, in the order asked (the test screens)', response: z.array(subTopicWithTopicSchema) }),
      requireUser,
      validate('query', subTopicIdsQuery),
      async (c) => {
        return ok(c, await getSubTopicsByIds(db, c.var.user, c.req.valid('query').subTopicIds, sign()), 'SubTopics fetched successfully')
      },
    )
    .get(
      '/:id',
      apiDoc({ summary: 'A sub-topic with its videos and study materials', response: subTopicWithTopicSchema }),
      requireUser,
      validate('param', idParam),
      revalidateContent(deps, 'subTopic', (c) => c.req.param('id')),
      async (c) => ok(c, await getSubTopic(db, c.var.user, c.req.valid('param').id, sign()), 'SubTopic fetched successfully'),
    )
    .put(
      '/:id',
      apiDoc({ summary: 'Update a sub-topic', response: subTopicWithTopicSchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', subTopicUpdate),
      async (c) => {
        return ok(c, await updateSubTopic(db, c.req.valid('param').id, c.req.valid('json'), sign()), 'Sub Topic updated successfully')
      },
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a sub-topic and everything under it', response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await deleteSubTopic(deps, c.req.valid('param').id)
        return ok(c, null, 'Sub Topic deleted successfully')
      },
    )
}
