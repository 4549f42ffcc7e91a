import { Hono } from 'hono'
import { z } from 'zod'
import { idParam, packageInput, packageSchema } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { createPackage, deletePackage, listPackages, updatePackage } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { catalogueStamp } from '../content/stamps.ts'
import { createTreeCache } from '../content/tree-cache.ts'
import { entityTag, revalidate } from '../http/revalidate.ts'
import { cachedPackageTree } from './tree-read.ts'

export function packageRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  const sign = mediaSigner(deps)
  const trees = createTreeCache(deps.config.treeCacheBytes)
  return new Hono<AppEnv>()
    .post(
      '/createPackage',
      apiDoc({ summary: 'Create a package with its skills', response: packageSchema, status: 201 }),
      requireAdmin,
      validate('json', packageInput),
      async (c) => {
        return ok(c, await createPackage(db, c.req.valid('json'), sign()), 'Package created', 201)
      },
    )
    .get(
      '/getAllPackage',
      apiDoc({ summary: 'The catalogue: every package with its skills', response: z.array(packageSchema) }),
      requireUser,
      revalidate(async () => entityTag('catalogue', await catalogueStamp(db))),
      async (c) => ok(c, await listPackages(db), 'Packages fetched'),
    )
    .get(
      '/:id',
      apiDoc({ summary: 'A package with its whole tree (skills, topics, sub-topics, videos, study materials)', response: packageSchema }),
      requireUser,
      validate('param', idParam),
      async (c) => cachedPackageTree(c, deps, trees, c.req.valid('param').id),
    )
    .put(
      '/:id',
      apiDoc({ summary: 'Update a package and its skills', response: packageSchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', packageInput),
      async (c) => {
        return ok(c, await updatePackage(deps, c.req.valid('param').id, c.req.valid('json'), sign()), 'Package updated')
      },
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a package and everything under it', response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await deletePackage(deps, c.req.valid('param').id)
        return ok(c, null, 'Package deleted')
      },
    )
}
