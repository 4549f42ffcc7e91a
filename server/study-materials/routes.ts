import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { z } from 'zod'
import { id, idParam } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { contentDisposition } from '../files/disposition.ts'
import { deleteStudyMaterial, uploadStudyMaterial, zipLatestMaterials } from './service.ts'

export function studyMaterialRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post('/upload', requireAdmin, async (c) => ok(c, await uploadStudyMaterial(deps, c.req.raw, sign()), 'PDF uploaded and saved successfully', 201))
    .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
      await deleteStudyMaterial(deps, c.req.valid('param').id)
      return ok(c, null, 'Study Material deleted successfully')
    })
    .get('/download-all/:subTopicId', requireUser, validate('param', z.object({ subTopicId: id })), async (c) => {
      const zip = await zipLatestMaterials(deps, c.var.user, c.req.valid('param').subTopicId)
      return new Response(Readable.toWeb(zip.stream as Readable) as ReadableStream, {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': contentDisposition('attachment', zip.fileName),
        },
      })
    })
}
