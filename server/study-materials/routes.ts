import { uploadRequest } from '../http/upload-request.ts'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { z } from 'zod'
import { id, idParam, studyMaterialSchema } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { contentDisposition } from '../files/disposition.ts'
import { deleteStudyMaterial, uploadStudyMaterial, zipLatestMaterials, uploadFields } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'

export function studyMaterialRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const sign = mediaSigner(deps)
  return new Hono<AppEnv>()
    .post(
      '/upload',
      apiDoc({
        summary: 'Upload a PDF to a sub-topic (a new version when the name exists)',
        response: studyMaterialSchema,
        status: 201,
        upload: { fields: uploadFields, files: { pdf: 'A PDF' } },
      }),
      requireAdmin,
      async (c) => ok(c, await uploadStudyMaterial(deps, uploadRequest(c), sign()), 'PDF uploaded and saved successfully', 201),
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a study material and its file', response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await deleteStudyMaterial(deps, c.req.valid('param').id)
        return ok(c, null, 'Study Material deleted successfully')
      },
    )
    .get(
      '/download-all/:subTopicId',
      apiDoc({ summary: "A zip of a sub-topic's latest PDFs", response: 'binary', contentType: 'application/zip' }),
      requireUser,
      validate('param', z.object({ subTopicId: id })),
      async (c) => {
        const zip = await zipLatestMaterials(deps, c.var.user, c.req.valid('param').subTopicId)
        return new Response(Readable.toWeb(zip.stream as Readable) as ReadableStream, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': contentDisposition('attachment', zip.fileName),
          },
        })
      },
    )
}
