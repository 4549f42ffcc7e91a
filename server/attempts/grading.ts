import type { ScoringRule } from '../../contract/assessment.ts'
import { splitCorrect } from '../../contract/media.ts'

/** The chosen letters, upper-cased, de-duplicated and sorted. */
export const normaliseChosen = (chosen: readonly string[] | undefined) => [...new Set((chosen ?? []).map((c) => c.toUpperCase()))].sort()

/** docs/product.md#tests: a question counts only when the chosen set equals the correct set (order-independent). */
export function isCorrect(chosen: string[], correctOption: string): boolean {
  const want = splitCorrect(correctOption)
  const got = normaliseChosen(chosen)
  return want.length === got.length && want.every((letter, i) => letter === got[i])
}

/**
 * A question's mark: all or nothing, or (partial) (correct picks − wrong picks) / number of correct options,
 * floored at 0.
 */
export function questionPoints(chosen: string[], correctOption: string, scoring: ScoringRule): number {
  if (scoring === 'all_or_nothing') return isCorrect(chosen, correctOption) ? 1 : 0
  const want = new Set(splitCorrect(correctOption))
  if (!want.size) return 0
  const got = normaliseChosen(chosen)
  const right = got.filter((c) => want.has(c)).length
  return Math.max(0, (right - (got.length - right)) / want.size)
}

/** Sums marks without binary fractions showing (1/3 + 2/3 is 1). */
export const sumPoints = (points: number[]) => Math.round(points.reduce((a, b) => a + b, 0) * 1e6) / 1e6

/** Passed: score × 100 ≥ pass mark × total. */
export const hasPassed = (score: number, totalMarks: number, passMark: number) => score * 100 >= passMark * totalMarks - 1e-9
