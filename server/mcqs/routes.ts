import { Hono } from 'hono'
import { z } from 'zod'
import { id, subTopicIdsQuery } from '../../contract/content.ts'
import { mcqCreateInput, mcqInput } from '../../contract/media.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { createMcq, deleteMcq, getMcq, importMcqUpload, listMcqs, updateMcq } from './service.ts'
import { TEMPLATE_FILE, buildTemplate } from './template.ts'

const idQuery = z.object({ id })
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export function mcqRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db, clock } = deps

  return new Hono<AppEnv>()
    .post('/uploadExcel', requireAdmin, async (c) => ok(c, await importMcqUpload(deps, 'plain', c.req.raw), 'Excel Upload Summary'))
    .post('/uploadExcelWithSubTopic', requireAdmin, async (c) => ok(c, await importMcqUpload(deps, 'withSubTopic', c.req.raw), 'Bulk MCQ Upload Summary'))
    .get('/download-template', requireAdmin, async (c) => template(c, 'plain'))
    .get('/download-template-with-subtopic', requireAdmin, async (c) => template(c, 'withSubTopic'))
    .post('/create', requireAdmin, validate('json', mcqCreateInput), async (c) => ok(c, await createMcq(db, c.req.valid('json')), 'MCQ Created', 201))
    .put('/update', requireAdmin, validate('query', idQuery), validate('json', mcqInput), async (c) => {
      return ok(c, await updateMcq(db, c.req.valid('query').id, c.req.valid('json'), clock()), 'MCQ Updated')
    })
    .delete('/delete', requireAdmin, validate('query', idQuery), async (c) => {
      await deleteMcq(db, c.req.valid('query').id)
      return ok(c, null, 'MCQ Deleted')
    })
    .get('/getById', requireUser, validate('query', idQuery), async (c) => ok(c, await getMcq(db, c.var.user, c.req.valid('query').id), 'MCQ Found'))
    .get('/getAll', requireAdmin, async (c) => ok(c, await listMcqs(db, c.var.user), 'All MCQs'))
    .get('/getBySubTopics', requireUser, validate('query', subTopicIdsQuery), async (c) => {
      return ok(c, await listMcqs(db, c.var.user, c.req.valid('query').subTopicIds), 'MCQs by SubTopics')
    })

  async function template(c: import('hono').Context<AppEnv>, kind: 'plain' | 'withSubTopic') {
    const body = await buildTemplate(kind)
    return c.body(new Uint8Array(body), 200, { 'Content-Type': XLSX_TYPE, 'Content-Disposition': `attachment; filename="${TEMPLATE_FILE[kind].file}"` })
  }
}
