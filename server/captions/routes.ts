import { Hono } from 'hono'
import { captionCoverageSchema, captionIdParams, captionTrackSchema, captionUploadFields } from '../../contract/captions.ts'
import { idParam } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { uploadRequest } from '../http/upload-request.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { captionCoverage, deleteCaption, uploadCaption } from './service.ts'

/** Caption tracks of a video (mounted under /videos). */
export function captionRoutes(deps: AppDeps, { requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .post(
      '/:id/captions',
      apiDoc({
        summary: 'Add a caption or subtitle track to a video (.vtt or .srt; SRT is stored as WebVTT); replaces the same language and kind',
        response: captionTrackSchema,
        status: 201,
        upload: { fields: captionUploadFields, files: { file: 'WebVTT (.vtt) or SubRip (.srt)' } },
      }),
      requireAdmin,
      validate('param', idParam),
      async (c) => ok(c, await uploadCaption(deps, c.req.valid('param').id, uploadRequest(c)), 'Captions uploaded', 201),
    )
    .delete(
      '/:id/captions/:captionId',
      apiDoc({ summary: 'Delete a caption track and its file', response: null }),
      requireAdmin,
      validate('param', captionIdParams),
      async (c) => {
        const { id, captionId } = c.req.valid('param')
        await deleteCaption(deps, id, captionId)
        return ok(c, null, 'Captions deleted')
      },
    )
}

/** The caption coverage report (mounted under /reports). */
export function captionReportRoutes({ db }: AppDeps, { requireAdmin }: Guards) {
  return new Hono<AppEnv>().get(
    '/captions',
    apiDoc({ summary: 'How many videos have captions, and each video without any', response: captionCoverageSchema }),
    requireAdmin,
    async (c) => ok(c, await captionCoverage(db), 'Caption coverage'),
  )
}
