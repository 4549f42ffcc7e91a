import { uploadRequest } from '../http/upload-request.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import { id, subTopicIdsQuery } from '../../contract/content.ts'
import { mcqCreateInput, mcqInput, mcqSchema, mcqUploadResultSchema } from '../../contract/media.ts'
import { XLSX_TYPE, importQuery } from '../../contract/mcq-import.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { createMcq, deleteMcq, getMcq, importMcqUpload, listMcqs, updateMcq, plainSheetFields } from './service.ts'
import { TEMPLATE_FILE, buildTemplate } from './template.ts'
import { apiDoc } from '../openapi/api-doc.ts'

const idQuery = z.object({ id })

export function mcqRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db, clock } = deps

  return new Hono<AppEnv>()
    .post(
      '/uploadExcel',
      apiDoc({
        summary: 'Import questions into one sub-topic from a spreadsheet',
        response: mcqUploadResultSchema,
        upload: { fields: plainSheetFields, files: { file: 'An .xlsx sheet laid out like the template' } },
      }),
      requireAdmin,
      validate('query', importQuery),
      async (c) => ok(c, await importMcqUpload(deps, 'plain', uploadRequest(c), c.req.valid('query')), 'Excel Upload Summary'),
    )
    .post(
      '/uploadExcelWithSubTopic',
      apiDoc({
        summary: 'Import questions into several sub-topics (a SubTopicId column) from a spreadsheet',
        response: mcqUploadResultSchema,
        upload: { files: { file: 'An .xlsx sheet laid out like the template with sub-topics' } },
      }),
      requireAdmin,
      validate('query', importQuery),
      async (c) => ok(c, await importMcqUpload(deps, 'withSubTopic', uploadRequest(c), c.req.valid('query')), 'Bulk MCQ Upload Summary'),
    )
    .get(
      '/download-template',
      apiDoc({ summary: 'The import template', response: 'binary', contentType: XLSX_TYPE }),
      requireAdmin,
      async (c) => template(c, 'plain'),
    )
    .get(
      '/download-template-with-subtopic',
      apiDoc({ summary: 'The import template with a SubTopicId column', response: 'binary', contentType: XLSX_TYPE }),
      requireAdmin,
      async (c) => template(c, 'withSubTopic'),
    )
    .post(
      '/create',
      apiDoc({ summary: 'Create a question', response: mcqSchema, status: 201 }),
      requireAdmin,
      validate('json', mcqCreateInput),
      async (c) => ok(c, await createMcq(db, c.req.valid('json')), 'MCQ Created', 201),
    )
    .put(
      '/update',
      apiDoc({ summary: 'Update a question', response: mcqSchema }),
      requireAdmin,
      validate('query', idQuery),
      validate('json', mcqInput),
      async (c) => {
        return ok(c, await updateMcq(db, c.req.valid('query').id, c.req.valid('json'), clock()), 'MCQ Updated')
      },
    )
    .delete('/delete', apiDoc({ summary: 'Delete a question', response: null }), requireAdmin, validate('query', idQuery), async (c) => {
      await deleteMcq(db, c.req.valid('query').id)
      return ok(c, null, 'MCQ Deleted')
    })
    .get(
      '/getById',
      apiDoc({ summary: 'A question (correctOption for admins only)', response: mcqSchema }),
      requireUser,
      validate('query', idQuery),
      async (c) => ok(c, await getMcq(db, c.var.user, c.req.valid('query').id), 'MCQ Found'),
    )
    .get('/getAll', apiDoc({ summary: 'Every question, with answers', response: z.array(mcqSchema) }), requireAdmin, async (c) =>
      ok(c, await listMcqs(db, c.var.user), 'All MCQs'),
    )
    .get(
      '/getBySubTopics',
      apiDoc({ summary: "The sub-topics' questions (correctOption for admins only)", response: z.array(mcqSchema) }),
      requireUser,
      validate('query', subTopicIdsQuery),
      async (c) => {
        return ok(c, await listMcqs(db, c.var.user, c.req.valid('query').subTopicIds), 'MCQs by SubTopics')
      },
    )

  async function template(c: import('hono').Context<AppEnv>, kind: 'plain' | 'withSubTopic') {
    const body = await buildTemplate(kind)
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="${TEMPLATE_FILE[kind].file}"`,
    })
  }
}
