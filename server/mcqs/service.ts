import { asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Mcq, McqUploadResult, mcqCreateInput, mcqInput } from '../../contract/media.ts'
import { checkHeader, planImport, questionKey, readSheet, MAX_IMPORT_ROWS, type SheetKind } from '../../contract/mcq-import.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqs, subTopics } from '../db/schema.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { loadFirstSheet } from './xlsx.ts'

type McqRow = typeof mcqs.$inferSelect

/** The one place that decides who sees answer keys: admins do, learners never. */
export function toMcq(row: McqRow, viewer: AuthUser): Mcq {
  const mcq: Mcq = { id: row.id, subTopicId: row.subTopicId, question: row.question, options: row.options }
  if (viewer.role === 'admin') mcq.correctOption = row.correctOption
  return mcq
}

async function assertSubTopicExists(db: Db, id: number) {
  const [row] = await db.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, id))
  if (!row) throw notFound('SubTopic not found')
}

export async function getMcqRow(db: Db, id: number): Promise<McqRow> {
  const [row] = await db.select().from(mcqs).where(eq(mcqs.id, id))
  if (!row) throw notFound('Mcq not found')
  return row
}

export async function listMcqs(db: Db, subTopicIds?: number[]): Promise<McqRow[]> {
  const query = db.select().from(mcqs)
  return (subTopicIds ? query.where(inArray(mcqs.subTopicId, subTopicIds)) : query).orderBy(asc(mcqs.subTopicId), asc(mcqs.id))
}

export async function createMcq(db: Db, input: z.output<typeof mcqCreateInput>): Promise<McqRow> {
  await assertSubTopicExists(db, input.subTopicId)
  const [row] = await db.insert(mcqs).values(input).returning()
  return row!
}

export async function updateMcq(db: Db, id: number, input: z.output<typeof mcqInput>): Promise<McqRow> {
  const [row] = await db
    .update(mcqs)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(mcqs.id, id))
    .returning()
  if (!row) throw notFound('Mcq not found')
  return row
}

export async function deleteMcq(db: Db, id: number) {
  const deleted = await db.delete(mcqs).where(eq(mcqs.id, id)).returning({ id: mcqs.id })
  if (!deleted.length) throw notFound('Mcq not found')
}

/**
 * Imports a spreadsheet: header checked, every row rule applied (contract/mcq-import.ts, shared with the
 * SPA's preview), valid rows stored in one transaction; skipped rows reported with their reasons.
 */
export async function importMcqs(db: Db, kind: SheetKind, file: Buffer, subTopicId?: number): Promise<McqUploadResult> {
  if (kind === 'plain') await assertSubTopicExists(db, subTopicId!)
  const sheet = await loadFirstSheet(file)
  const { header, rows } = readSheet(sheet)
  const headerError = checkHeader(kind, header)
  if (headerError) throw badRequest(headerError, { file: headerError })
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`The spreadsheet has ${rows.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once`)

  return db.transaction(async (tx) => {
    const wantedIds =
      kind === 'plain' ? [subTopicId!] : [...new Set(rows.map((r) => (r.cells[0] ?? '').trim()).filter((v) => /^\d{1,9}$/.test(v)).map(Number))]
    const known = new Set(wantedIds.length ? (await tx.select({ id: subTopics.id }).from(subTopics).where(inArray(subTopics.id, wantedIds))).map((r) => r.id) : [])
    const existingQuestions = new Map<number, Set<string>>()
    if (known.size) {
      for (const row of await tx.select({ subTopicId: mcqs.subTopicId, question: mcqs.question }).from(mcqs).where(inArray(mcqs.subTopicId, [...known]))) {
        const set = existingQuestions.get(row.subTopicId) ?? new Set<string>()
        set.add(questionKey(row.question))
        existingQuestions.set(row.subTopicId, set)
      }
    }
    const plan = planImport(kind, rows, { subTopicId, knownSubTopicIds: known, existingQuestions })
    for (let i = 0; i < plan.valid.length; i += 1000) {
      await tx.insert(mcqs).values(
        plan.valid.slice(i, i + 1000).map((m) => ({ subTopicId: m.subTopicId, question: m.question, options: JSON.stringify(m.options), correctOption: m.correctOption })),
      )
    }
    return { uploaded: plan.valid.length, skipped: plan.skipped.length, skippedDetails: plan.skipped }
  })
}
