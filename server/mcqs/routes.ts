import { Hono } from 'hono'
import { z } from 'zod'
import { id } from '../../contract/content.ts'
import { mcqCreateInput, mcqInput } from '../../contract/media.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { ok } from '../http/envelope.ts'
import { validate, validationError } from '../http/validate.ts'
import { receiveUpload } from '../storage/multipart.ts'
import { subTopicIdsQuery } from '../subtopics/routes.ts'
import { createMcq, deleteMcq, getMcqRow, importMcqs, listMcqs, toMcq, updateMcq } from './service.ts'
import { TEMPLATE_FILE, buildTemplate } from './template.ts'

const idQuery = z.object({ id })
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export function mcqRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  const sheetRule = { file: { kind: 'xlsx' as const, maxBytes: deps.config.uploads.maxSheetBytes, required: true, inMemory: true } }

  return new Hono<AppEnv>()
    .post('/uploadExcel', requireAdmin, async (c) => {
      const upload = await receiveUpload(c.req.raw, deps.store, sheetRule, ['subTopicId'])
      const parsed = z.object({ subTopicId: id }).safeParse(upload.fields)
      if (!parsed.success) throw validationError(parsed.error)
      return ok(c, await importMcqs(db, 'plain', upload.files.file!.buffer!, parsed.data.subTopicId), 'Excel Upload Summary')
    })
    .post('/uploadExcelWithSubTopic', requireAdmin, async (c) => {
      const upload = await receiveUpload(c.req.raw, deps.store, sheetRule, [])
      return ok(c, await importMcqs(db, 'withSubTopic', upload.files.file!.buffer!), 'Bulk MCQ Upload Summary')
    })
    .get('/download-template', requireAdmin, async (c) => template(c, 'plain'))
    .get('/download-template-with-subtopic', requireAdmin, async (c) => template(c, 'withSubTopic'))
    .post('/create', requireAdmin, validate('json', mcqCreateInput), async (c) => ok(c, toMcq(await createMcq(db, c.req.valid('json')), c.var.user), 'MCQ Created', 201))
    .put('/update', requireAdmin, validate('query', idQuery), validate('json', mcqInput), async (c) => {
      return ok(c, toMcq(await updateMcq(db, c.req.valid('query').id, c.req.valid('json')), c.var.user), 'MCQ Updated')
    })
    .delete('/delete', requireAdmin, validate('query', idQuery), async (c) => {
      await deleteMcq(db, c.req.valid('query').id)
      return ok(c, null, 'MCQ Deleted')
    })
    .get('/getById', requireUser, validate('query', idQuery), async (c) => {
      const row = await getMcqRow(db, c.req.valid('query').id)
      await assertSubTopicsAccess(db, c.var.user, [row.subTopicId])
      return ok(c, toMcq(row, c.var.user), 'MCQ Found')
    })
    .get('/getAll', requireAdmin, async (c) => ok(c, (await listMcqs(db)).map((row) => toMcq(row, c.var.user)), 'All MCQs'))
    .get('/getBySubTopics', requireUser, async (c) => {
      const parsed = z.object({ subTopicIds: subTopicIdsQuery }).safeParse({ subTopicIds: c.req.queries('subTopicIds') ?? [] })
      if (!parsed.success) throw validationError(parsed.error)
      await assertSubTopicsAccess(db, c.var.user, parsed.data.subTopicIds)
      return ok(c, (await listMcqs(db, parsed.data.subTopicIds)).map((row) => toMcq(row, c.var.user)), 'MCQs by SubTopics')
    })

  async function template(c: import('hono').Context<AppEnv>, kind: 'plain' | 'withSubTopic') {
    const body = await buildTemplate(kind)
    return c.body(new Uint8Array(body), 200, { 'Content-Type': XLSX_TYPE, 'Content-Disposition': `attachment; filename="${TEMPLATE_FILE[kind].file}"` })
  }
}
