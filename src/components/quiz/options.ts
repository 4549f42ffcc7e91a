import { splitCorrect, type OptionLetter } from '../../../contract/mcq-options.ts'

/** 'B,D' → ['B', 'D']. */
export const correctLetters = (correctOption: string) => splitCorrect(correctOption) as OptionLetter[]

const DISPLAY_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F']

/**
 * The letter each option shows: its place on screen (A, B, C…), whatever stored key it has after shuffling or
 * hiding 'na'. Answers still carry the stored keys; only what is read changes.
 */
export const displayLetters = (options: { key: string }[]) =>
  new Map(options.map((option, i) => [option.key, DISPLAY_LETTERS[i] ?? option.key]))

/** Stored keys as the learner saw them: their display letters, in display order. */
export const asDisplayed = (keys: Iterable<string>, letters: Map<string, string>) => [...keys].map((key) => letters.get(key) ?? key).sort()
