import { OPTION_LETTERS, parseOptions, splitCorrect, type OptionLetter } from '../../../contract/media.ts'

export interface ShownOption {
  letter: OptionLetter
  text: string
}

/** The options a test shows, A to D: those whose text is 'na' (any case, SPEC.md §9) or blank are hidden. */
export function shownOptions(optionsJson: string): ShownOption[] {
  const options = parseOptions(optionsJson)
  return OPTION_LETTERS.flatMap((letter) => {
    const text = options[letter]
    if (text === undefined) return []
    const trimmed = text.trim()
    return trimmed && trimmed.toLowerCase() !== 'na' ? [{ letter, text }] : []
  })
}

/** 'B,D' → ['B', 'D']. */
export const correctLetters = (correctOption: string) => splitCorrect(correctOption) as OptionLetter[]
