import { asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { id } from '../../contract/content.ts'
import {
  isShownOption,
  parseOptions,
  splitCorrect,
  type Mcq,
  type McqUploadResult,
  type mcqCreateInput,
  type mcqInput,
} from '../../contract/media.ts'
import { MAX_IMPORT_ROWS, type SheetKind, type SheetRow } from '../../contract/mcq-import.ts'
import {
  checkHeader,
  hasExplanationColumn,
  planImport,
  questionKey,
  questionProblem,
  type McqCandidate,
  type PlanContext,
} from './import-rules.ts'
import type { Db } from '../db/client.ts'
import { forEachSlice, intArray, textArray } from '../db/bulk.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { mcqs, subTopics } from '../db/schema.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { assertQuestionsReadable } from '../attempts/question-access.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { parseFields } from '../http/validate.ts'
import { receiveUpload, type UploadRequest } from '../storage/multipart.ts'
import { readSheetInBatches } from '../sheets/sheet-batches.ts'

type McqRow = typeof mcqs.$inferSelect

/** A question whole, answer key included: only admins get this (the create and update answers are admin-only). */
const toAdminMcq = (row: McqRow): Mcq => ({
  id: row.id,
  subTopicId: row.subTopicId,
  question: row.question,
  options: row.options,
  correctOption: row.correctOption,
  explanation: row.explanation,
})

/**
 * The one place that decides what a viewer sees of a question: admins get it whole; learners get no
 * answer key, no explanation (reviews after grading show it where the policy allows) and only the options a test shows ('na' and blank options are no choices).
 */
function toMcq(row: McqRow, viewer: AuthUser): Mcq {
  if (viewer.role === 'admin') return toAdminMcq(row)
  const shown = Object.entries(parseOptions(row.options)).filter(([, text]) => isShownOption(text))
  return { id: row.id, subTopicId: row.subTopicId, question: row.question, options: JSON.stringify(Object.fromEntries(shown)) }
}

async function assertSubTopicExists(db: Db, id: number) {
  const [row] = await db.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, id))
  if (!row) throw notFound('SubTopic not found')
}

export async function getMcq(db: Db, viewer: AuthUser, id: number): Promise<Mcq> {
  const [row] = await db.select().from(mcqs).where(eq(mcqs.id, id))
  if (!row) throw notFound('Mcq not found')
  await assertSubTopicsAccess(db, viewer, [row.subTopicId])
  await assertQuestionsReadable(db, viewer, [row.subTopicId])
  return toMcq(row, viewer)
}

/** The questions of these sub-topics (all of them when none are given), by sub-topic then id. */
export async function listMcqs(db: Db, viewer: AuthUser, subTopicIds?: number[]): Promise<Mcq[]> {
  if (subTopicIds) {
    await assertSubTopicsAccess(db, viewer, subTopicIds)
    await assertQuestionsReadable(db, viewer, subTopicIds)
  }
  const query = db.select().from(mcqs)
  const rows = await (subTopicIds ? query.where(inArray(mcqs.subTopicId, subTopicIds)) : query).orderBy(asc(mcqs.subTopicId), asc(mcqs.id))
  return rows.map((row) => toMcq(row, viewer))
}

/**
 * Adds one question under a spreadsheet row's rules (import-rules.ts). The sub-topic row is locked first, so two
 * concurrent adds of the same question cannot both pass the duplicate check.
 */
export async function createMcq(db: Db, input: z.output<typeof mcqCreateInput>): Promise<Mcq> {
  return db.transaction(async (tx) => {
    const [subTopic] = await tx.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, input.subTopicId)).for('update')
    if (!subTopic) throw notFound('SubTopic not found')
    const stored = await tx.select({ question: mcqs.question }).from(mcqs).where(eq(mcqs.subTopicId, input.subTopicId))
    const taken = new Set(stored.map((row) => questionKey(row.question)))
    const options = Object.fromEntries(
      Object.entries(parseOptions(input.options))
        .map(([letter, text]) => [letter, text?.trim() ?? ''])
        .filter(([, text]) => text),
    ) as McqCandidate['options']
    const explanation = input.explanation || null
    const problem = questionProblem({ question: input.question, options, correct: input.correctOption, explanation }, (key) =>
      taken.has(key),
    )
    if (problem) throw badRequest(problem.message, { [problem.field]: problem.message })
    const [row] = await tx
      .insert(mcqs)
      .values({
        subTopicId: input.subTopicId,
        question: input.question,
        options: JSON.stringify(options),
        correctOption: splitCorrect(input.correctOption).join(','),
        explanation,
      })
      .returning()
    return toAdminMcq(row!)
  })
}

export async function updateMcq(db: Db, id: number, input: z.output<typeof mcqInput>, now: Date): Promise<Mcq> {
  const [row] = await db
    .update(mcqs)
    .set({ ...input, updatedAt: now })
    .where(eq(mcqs.id, id))
    .returning()
  if (!row) throw notFound('Mcq not found')
  return toAdminMcq(row)
}

export async function deleteMcq(db: Db, id: number) {
  const deleted = await db.delete(mcqs).where(eq(mcqs.id, id)).returning({ id: mcqs.id })
  if (!deleted.length) throw notFound('Mcq not found')
}

export const plainSheetFields = z.object({ subTopicId: id })

const QUESTION_ROW_LIMIT = {
  maxRows: MAX_IMPORT_ROWS,
  message: `The spreadsheet has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} question rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} can be imported at once`,
}

/** Receives an uploaded spreadsheet (kept in memory, checked by content and size) and imports it, or with `dryRun` only reports what the import would do. */
export async function importMcqUpload(
  deps: Pick<AppDeps, 'db' | 'store' | 'config'>,
  kind: SheetKind,
  request: UploadRequest,
  { dryRun }: { dryRun: boolean },
): Promise<McqUploadResult> {
  const sheetRule = { file: { kind: 'xlsx' as const, maxBytes: deps.config.uploads.maxSheetBytes, required: true, inMemory: true } }
  const upload = await receiveUpload(request, deps.store, sheetRule, kind === 'plain' ? ['subTopicId'] : [])
  const subTopicId = kind === 'plain' ? parseFields(plainSheetFields, upload.fields).subTopicId : undefined
  return importMcqs(deps.db, kind, upload.files.file!.buffer!, { subTopicId, dryRun })
}

/** Rows the import plans and inserts at a time while the sheet worker reads on (readSheetInBatches). */
export const IMPORT_BATCH_ROWS = 1000

/**
 * Imports a spreadsheet: header checked, every row rule applied (import-rules.ts), valid rows stored in
 * one transaction; skipped rows reported with their reasons. A dry run answers the same summary and stores
 * nothing (the SPA's preview before an upload). The rows are checked and inserted in batches while the worker
 * reads the next ones, inside the one transaction: a failure anywhere (the row limit, the header, an insert)
 * stores nothing.
 */
async function importMcqs(
  db: Db,
  kind: SheetKind,
  file: Buffer,
  { subTopicId, dryRun }: { subTopicId?: number; dryRun: boolean },
): Promise<McqUploadResult> {
  if (kind === 'plain') await assertSubTopicExists(db, subTopicId!)

  return db.transaction(async (tx) => {
    const summary: McqUploadResult = { uploaded: 0, skipped: 0, skippedDetails: [], withExplanation: 0 }
    const context: PlanContext = { subTopicId, knownSubTopicIds: new Set(), existingQuestions: new Map(), seen: new Map() }
    const lookedUp = new Set<number>()
    let headerChecked = false
    await readSheetInBatches(file, 'xlsx', QUESTION_ROW_LIMIT, IMPORT_BATCH_ROWS, async ({ header, rows }) => {
      if (!headerChecked) {
        const headerError = checkHeader(kind, header)
        if (headerError) throw badRequest(headerError, { file: headerError })
        context.withExplanation = hasExplanationColumn(kind, header)
        headerChecked = true
      }
      const wanted = (kind === 'plain' ? [subTopicId!] : subTopicIdsIn(rows)).filter((id) => !lookedUp.has(id))
      for (const id of wanted) lookedUp.add(id)
      await lookUpSubTopics(tx, wanted, context)
      const plan = planImport(kind, rows, context)
      summary.uploaded += plan.valid.length
      summary.skipped += plan.skipped.length
      summary.skippedDetails.push(...plan.skipped)
      summary.withExplanation += plan.valid.filter((m) => m.explanation).length
      if (!dryRun) await forEachSlice(plan.valid, (slice) => insertMcqs(tx, slice))
    })
    return summary
  })
}

/** The well-formed sub-topic ids of a with-sub-topic sheet's rows (first column), each once. */
function subTopicIdsIn(rows: SheetRow[]): number[] {
  const ids = rows.map((r) => (r.cells[0] ?? '').trim()).filter((v) => /^\d{1,9}$/.test(v))
  return [...new Set(ids.map(Number))]
}

/** Adds which of these sub-topics exist, and the question keys they already hold, to the plan's context. */
async function lookUpSubTopics(tx: Db, ids: number[], context: PlanContext) {
  if (!ids.length) return
  const known = (await tx.select({ id: subTopics.id }).from(subTopics).where(inArray(subTopics.id, ids))).map((r) => r.id)
  if (!known.length) return
  for (const id of known) context.knownSubTopicIds.add(id)
  const stored = await tx.select({ subTopicId: mcqs.subTopicId, question: mcqs.question }).from(mcqs).where(inArray(mcqs.subTopicId, known))
  for (const row of stored) {
    const set = context.existingQuestions.get(row.subTopicId) ?? new Set<string>()
    set.add(questionKey(row.question))
    context.existingQuestions.set(row.subTopicId, set)
  }
}

/** One statement for the slice: each column as one array parameter. */
function insertMcqs(tx: Db, slice: McqCandidate[]) {
  return tx.execute(sql`
    insert into mcqs (sub_topic_id, question, options, correct_option, explanation)
    select * from unnest(
      ${intArray(slice.map((m) => m.subTopicId))},
      ${textArray(slice.map((m) => m.question))},
      ${textArray(slice.map((m) => JSON.stringify(m.options)))},
      ${textArray(slice.map((m) => m.correctOption))},
      ${textArray(slice.map((m) => m.explanation))}
    )`)
}
