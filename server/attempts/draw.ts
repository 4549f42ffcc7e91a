import { randomInt } from 'node:crypto'
import type { TestSettings } from '../../contract/assessment.ts'
import { OPTION_LETTERS, isShownOption, parseOptions } from '../../contract/media.ts'

/** A fair shuffle (Fisher–Yates) of a copy. */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** The letters a question shows, in letter order: 'na' and blank options are no choice. */
export function shownLetters(options: string): string[] {
  const parsed = parseOptions(options)
  return OPTION_LETTERS.filter((letter) => parsed[letter] !== undefined && isShownOption(parsed[letter]!))
}

export interface PinnedQuestion {
  mcqId: number
  subTopicId: number
  optionOrder: string[]
}

/**
 * One sub-topic's part of a sitting: its draw (N of M, chosen at random), its order (shuffled or by id) and each
 * question's option order (shuffled or by letter). `questions` come ordered by id.
 */
export function pinSubTopic(
  subTopicId: number,
  questions: { id: number; options: string }[],
  settings: Pick<TestSettings, 'drawCount' | 'shuffleQuestions' | 'shuffleOptions'>,
  options: { draw: boolean } = { draw: true },
): PinnedQuestion[] {
  let chosen = questions
  if (options.draw && settings.drawCount > 0 && settings.drawCount < questions.length) {
    const picked = new Set(shuffled(questions.map((q) => q.id)).slice(0, settings.drawCount))
    chosen = questions.filter((q) => picked.has(q.id))
  }
  if (settings.shuffleQuestions) chosen = shuffled(chosen)
  return chosen.map((q) => {
    const letters = shownLetters(q.options)
    return { mcqId: q.id, subTopicId, optionOrder: settings.shuffleOptions ? shuffled(letters) : letters }
  })
}
