import { uploadRequest } from '../http/upload-request.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import { id, idParam, videoSchema } from '../../contract/content.ts'
import { videoTitleInput } from '../../contract/media.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { deleteVideo, getVideo, recordView, renameVideo, uploadFields, uploadVideo } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'

export function videoRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const sign = mediaSigner(deps)
  const uploadDoc = apiDoc({
    summary: 'Upload a video and its thumbnail to a sub-topic',
    response: videoSchema,
    status: 201,
    upload: { fields: uploadFields, files: { video: 'MP4, WebM or QuickTime', thumbnail: 'PNG, JPEG or WebP' } },
  })
  return new Hono<AppEnv>()
    .post('/upload/:subTopicId', uploadDoc, requireAdmin, validate('param', z.object({ subTopicId: id })), async (c) => {
      return ok(
        c,
        await uploadVideo(deps, c.req.valid('param').subTopicId, uploadRequest(c), sign()),
        'Video and thumbnail uploaded successfully',
        201,
      )
    })
    .get(
      '/:id',
      apiDoc({ summary: 'A video with signed URLs', response: videoSchema }),
      requireUser,
      validate('param', idParam),
      async (c) => ok(c, await getVideo(deps, c.var.user, c.req.valid('param').id, sign()), 'Video fetched successfully'),
    )
    .put(
      '/:id',
      apiDoc({ summary: 'Rename a video', response: videoSchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', videoTitleInput),
      async (c) => {
        return ok(c, await renameVideo(deps, c.req.valid('param').id, c.req.valid('json').title, sign()), 'Video updated successfully')
      },
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a video and its files', response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await deleteVideo(deps, c.req.valid('param').id)
        return ok(c, null, 'Video deleted successfully')
      },
    )
    .post(
      '/:id/view',
      apiDoc({ summary: 'Count a view of a video', response: z.object({ id: z.number().int(), noOfViews: z.number().int() }) }),
      requireUser,
      validate('param', idParam),
      async (c) => ok(c, await recordView(deps, c.var.user, c.req.valid('param').id, deps.clock()), 'View recorded'),
    )
}
