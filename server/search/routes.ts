import { Hono } from 'hono'
import { z } from 'zod'
import { searchHitSchema, searchQuery } from '../../contract/search.ts'
import type { Guards } from '../auth/guards.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { searchContent } from './service.ts'

export function searchRoutes({ db }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>().get(
    '/',
    apiDoc({
      summary: 'Full-text search over packages, skills, topics, sub-topics, video titles and study-material names',
      tags: ['search'],
      response: z.array(searchHitSchema),
    }),
    requireUser,
    validate('query', searchQuery),
    async (c) => ok(c, await searchContent(db, c.var.user, c.req.valid('query').q), 'Search results'),
  )
}
