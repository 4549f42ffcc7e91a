import { and, asc, eq } from 'drizzle-orm'
import { isShownOption, parseOptions, splitCorrect } from '../../contract/media.ts'
import type { ItemAnalysis, ItemFlag, ItemStats } from '../../contract/reports.ts'
import type { Db } from '../db/client.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqs, packages, skills, subTopics, topics } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { toCsv, type CsvCell } from '../http/csv.ts'

/** The thresholds of item analysis's flags. */
export const TOO_EASY_ABOVE = 0.9
export const TOO_HARD_BELOW = 0.2
export const UNUSED_OPTION_BELOW = 0.05
export const UNUSED_OPTION_MIN_ATTEMPTS = 20
/** No flag at all below this many attempts: one learner's answer says nothing about a question. */
export const MIN_ATTEMPTS_FOR_FLAGS = 10

export interface ItemQuestion {
  mcqId: number
  subTopicId: number
  subTopicTitle: string
  question: string
  /** JSON options text as stored. */
  options: string
  correctOption: string
}

/** One question as answered in one graded attempt. */
export interface ItemAnswer {
  attemptId: number
  mcqId: number
  /** Comma-joined letters, '' when unanswered. */
  chosen: string
  correct: boolean
}

/** An item analysis of a package's questions, from its learners' graded (non-practice) attempts. */
export async function itemAnalysis(db: Db, packageId: number): Promise<ItemAnalysis> {
  const [pkg] = await db.select({ id: packages.id, title: packages.title }).from(packages).where(eq(packages.id, packageId))
  if (!pkg) throw notFound('Package not found')
  const inPackage = eq(skills.packageId, packageId)
  // Two statements whatever the size: the package's questions, and every answer of its non-practice attempts.
  const [questions, answers] = await Promise.all([
    db
      .select({
        mcqId: mcqs.id,
        subTopicId: mcqs.subTopicId,
        subTopicTitle: subTopics.title,
        question: mcqs.question,
        options: mcqs.options,
        correctOption: mcqs.correctOption,
      })
      .from(mcqs)
      .innerJoin(subTopics, eq(subTopics.id, mcqs.subTopicId))
      .innerJoin(topics, eq(topics.id, subTopics.topicId))
      .innerJoin(skills, eq(skills.id, topics.skillId))
      .where(inPackage)
      .orderBy(asc(skills.id), asc(topics.id), asc(subTopics.id), asc(mcqs.id)),
    db
      .select({
        attemptId: mcqAttemptAnswers.attemptId,
        mcqId: mcqAttemptAnswers.mcqId,
        chosen: mcqAttemptAnswers.chosen,
        correct: mcqAttemptAnswers.correct,
      })
      .from(mcqAttemptAnswers)
      .innerJoin(mcqAttempts, eq(mcqAttempts.id, mcqAttemptAnswers.attemptId))
      .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
      .innerJoin(topics, eq(topics.id, subTopics.topicId))
      .innerJoin(skills, eq(skills.id, topics.skillId))
      .where(and(inPackage, eq(mcqAttempts.practice, false))),
  ])
  return { packageId: pkg.id, title: pkg.title, minAttemptsForFlags: MIN_ATTEMPTS_FOR_FLAGS, items: analyseItems(questions, answers) }
}

/**
 * Per question:
 * - attempts: the graded attempts that held it (an unanswered question still counts, as a wrong answer);
 * - facility: the share of those answered correctly;
 * - discrimination: the point-biserial correlation, i.e. Pearson's r between the question's score (1 right, 0 wrong)
 *   and the attempt's rest score: the share correct of the attempt's *other* questions. A share rather than a count,
 *   because attempts with a random draw hold different numbers of questions. Attempts with no other question add no
 *   pair. r needs two pairs and some spread on both sides, else it is null (everyone right, say). Below 0, the
 *   learners who did well elsewhere did worse here: often a wrong key;
 * - each shown option's pick rate (the share of attempts that picked it; 'na' and blank options are no choices);
 * - flags, from 10 attempts on: 'too easy' (facility > 0.9), 'too hard' (< 0.2), 'check the key' (discrimination < 0)
 *   and 'unused option' (some option picked by < 5 % of at least 20 attempts).
 */
export function analyseItems(questions: ItemQuestion[], answers: ItemAnswer[]): ItemStats[] {
  const byAttempt = Map.groupBy(answers, (a) => a.attemptId)
  const byQuestion = Map.groupBy(answers, (a) => a.mcqId)
  return questions.map((q) => {
    const own = byQuestion.get(q.mcqId) ?? []
    const attempts = own.length
    const correctLetters = new Set(splitCorrect(q.correctOption))
    const options = Object.entries(parseOptions(q.options))
      .filter(([, text]) => isShownOption(text))
      .map(([key, text]) => {
        const picks = own.filter((a) => a.chosen.split(',').includes(key)).length
        return { key, text, correct: correctLetters.has(key), picks, pickRate: attempts ? picks / attempts : null }
      })
    const facility = attempts ? own.filter((a) => a.correct).length / attempts : null
    const pairs = own.flatMap((a) => {
      const others = byAttempt.get(a.attemptId)!.filter((o) => o.mcqId !== q.mcqId)
      return others.length ? [[a.correct ? 1 : 0, others.filter((o) => o.correct).length / others.length] as const] : []
    })
    const discrimination = pearson(pairs)
    const flags: ItemFlag[] = attempts >= MIN_ATTEMPTS_FOR_FLAGS ? flagsOf(facility, discrimination, attempts, options) : []
    return {
      mcqId: q.mcqId,
      subTopicId: q.subTopicId,
      subTopicTitle: q.subTopicTitle,
      question: q.question,
      attempts,
      unanswered: own.filter((a) => a.chosen === '').length,
      facility: round3(facility),
      discrimination: round3(discrimination),
      options: options.map((o) => ({ ...o, pickRate: round3(o.pickRate) })),
      flags,
    }
  })
}

function flagsOf(facility: number | null, discrimination: number | null, attempts: number, options: { picks: number }[]): ItemFlag[] {
  const flags: ItemFlag[] = []
  if (facility !== null && facility > TOO_EASY_ABOVE) flags.push('too easy')
  if (facility !== null && facility < TOO_HARD_BELOW) flags.push('too hard')
  if (discrimination !== null && discrimination < 0) flags.push('check the key')
  if (attempts >= UNUSED_OPTION_MIN_ATTEMPTS && options.some((o) => o.picks / attempts < UNUSED_OPTION_BELOW)) flags.push('unused option')
  return flags
}

/** Pearson's correlation of the pairs; null with fewer than two pairs or when either side has no spread. */
function pearson(pairs: readonly (readonly [number, number])[]): number | null {
  if (pairs.length < 2) return null
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length
  const xs = pairs.map(([x]) => x)
  const ys = pairs.map(([, y]) => y)
  const mx = mean(xs)
  const my = mean(ys)
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my)
    sxx += (x - mx) ** 2
    syy += (y - my) ** 2
  }
  // Sums of squares that are zero up to rounding mean no spread.
  if (sxx < 1e-12 || syy < 1e-12) return null
  return sxy / Math.sqrt(sxx * syy)
}

const round3 = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000)
const percent1 = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10)

/** The item analysis as CSV: one line per question, facility and pick rates in percent as on screen, flags joined with '; '. */
export function itemAnalysisCsv(analysis: ItemAnalysis): string {
  const letters = ['A', 'B', 'C', 'D']
  const header = [
    'Question ID',
    'Sub-topic',
    'Question',
    'Attempts',
    'Unanswered',
    'Facility %',
    'Discrimination',
    'Correct options',
    ...letters.map((l) => `Option ${l} picked %`),
    'Flags',
  ]
  const lines: CsvCell[][] = analysis.items.map((item) => {
    const option = new Map(item.options.map((o) => [o.key, o]))
    return [
      item.mcqId,
      item.subTopicTitle,
      item.question,
      item.attempts,
      item.unanswered,
      percent1(item.facility),
      item.discrimination,
      item.options
        .filter((o) => o.correct)
        .map((o) => o.key)
        .join(','),
      ...letters.map((l) => percent1(option.get(l)?.pickRate ?? null)),
      item.attempts < analysis.minAttemptsForFlags
        ? `Too few attempts (${item.attempts} of ${analysis.minAttemptsForFlags})`
        : item.flags.join('; '),
    ]
  })
  return toCsv([header, ...lines])
}
