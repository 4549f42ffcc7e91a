import { Hono } from 'hono'
import { idParam, packageInput } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { createPackage, deletePackage, getPackageTree, listPackages, updatePackage } from './service.ts'

export function packageRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post('/createPackage', requireAdmin, validate('json', packageInput), async (c) => {
      return ok(c, await createPackage(db, c.req.valid('json'), sign()), 'Package created', 201)
    })
    .get('/getAllPackage', requireUser, async (c) => ok(c, await listPackages(db), 'Packages fetched'))
    .get('/:id', requireUser, validate('param', idParam), async (c) => ok(c, await getPackageTree(db, c.var.user, c.req.valid('param').id, sign()), 'Package found'))
    .put('/:id', requireAdmin, validate('param', idParam), validate('json', packageInput), async (c) => {
      return ok(c, await updatePackage(deps, c.req.valid('param').id, c.req.valid('json'), sign()), 'Package updated')
    })
    .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
      await deletePackage(deps, c.req.valid('param').id)
      return ok(c, null, 'Package deleted')
    })
}
