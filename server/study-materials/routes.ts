import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { z } from 'zod'
import { id, idParam } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { ok } from '../http/envelope.ts'
import { validate, validationError } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { contentDisposition } from '../files/disposition.ts'
import { discard, receiveUpload } from '../storage/multipart.ts'
import { addStudyMaterial, deleteStudyMaterial, zipLatestMaterials } from './service.ts'

const uploadFields = z.object({
  subTopicId: id,
  name: z.string({ error: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(200, 'Name must be at most 200 characters'),
})

export function studyMaterialRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post('/upload', requireAdmin, async (c) => {
      const upload = await receiveUpload(c.req.raw, deps.store, { pdf: { kind: 'pdf', maxBytes: deps.config.uploads.maxPdfBytes, required: true } }, ['subTopicId', 'name'])
      const fields = uploadFields.safeParse(upload.fields)
      if (!fields.success) {
        await discard(deps.store, Object.values(upload.files))
        throw validationError(fields.error)
      }
      const material = await addStudyMaterial(deps, fields.data.subTopicId, fields.data.name, upload.files.pdf!, sign())
      return ok(c, material, 'PDF uploaded and saved successfully', 201)
    })
    .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
      await deleteStudyMaterial(deps, c.req.valid('param').id)
      return ok(c, null, 'Study Material deleted successfully')
    })
    .get('/download-all/:subTopicId', requireUser, validate('param', z.object({ subTopicId: id })), async (c) => {
      const { subTopicId } = c.req.valid('param')
      await assertSubTopicsAccess(deps.db, c.var.user, [subTopicId])
      const zip = await zipLatestMaterials(deps, subTopicId)
      return new Response(Readable.toWeb(zip.stream as Readable) as ReadableStream, {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': contentDisposition('attachment', zip.fileName),
        },
      })
    })
}
