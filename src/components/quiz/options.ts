import { splitCorrect, type OptionLetter } from '../../../contract/media.ts'

/** 'B,D' → ['B', 'D']. */
export const correctLetters = (correctOption: string) => splitCorrect(correctOption) as OptionLetter[]
