import { OPTION_LETTERS, mcqInput, parseOptions, splitCorrect, type Mcq, type OptionLetter } from '../../../contract/media.ts'
import type { McqUpdate } from '../../queries/mcqs.ts'

/** An MCQ as the inline editor holds it: the question, the text of options A–D, which are correct, and the explanation. */
export interface McqDraft {
  question: string
  options: Record<OptionLetter, string>
  correct: OptionLetter[]
  /** '' when there is none. */
  explanation: string
}

export function toDraft(mcq: Mcq): McqDraft {
  const options = parseOptions(mcq.options)
  return {
    question: mcq.question,
    options: Object.fromEntries(OPTION_LETTERS.map((l) => [l, options[l] ?? ''])) as Record<OptionLetter, string>,
    correct: splitCorrect(mcq.correctOption ?? '').filter((l): l is OptionLetter => (OPTION_LETTERS as readonly string[]).includes(l)),
    explanation: mcq.explanation ?? '',
  }
}

/** The update to send, or the first thing to fix (checked with the server's own schema). */
export function fromDraft(draft: McqDraft): { update: McqUpdate } | { error: string } {
  const filled = OPTION_LETTERS.filter((l) => draft.options[l].trim())
  if (!draft.question.trim()) return { error: 'Enter the question' }
  if (filled.length < 2) return { error: 'Enter at least two options' }
  const emptyCorrect = draft.correct.filter((l) => !filled.includes(l))
  if (emptyCorrect.length) return { error: `Option ${emptyCorrect.join(', ')} is marked correct but is empty` }
  if (!draft.correct.length) return { error: 'Choose at least one correct option' }
  const candidate = {
    question: draft.question.trim(),
    options: JSON.stringify(Object.fromEntries(filled.map((l) => [l, draft.options[l].trim()]))),
    correctOption: [...draft.correct].sort().join(','),
    // Sent every time: an emptied box removes the explanation.
    explanation: draft.explanation.trim() || null,
  }
  const parsed = mcqInput.safeParse(candidate)
  return parsed.success ? { update: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Check the question' }
}

/** An empty draft for a new question. */
export const EMPTY_DRAFT: McqDraft = { question: '', options: { A: '', B: '', C: '', D: '' }, correct: [], explanation: '' }

/** The draft as sent to be added: the server checks it with a spreadsheet row's rules and names what to fix. */
export function toNewQuestion(draft: McqDraft): McqUpdate {
  const filled = OPTION_LETTERS.filter((l) => draft.options[l].trim())
  return {
    question: draft.question.trim(),
    options: JSON.stringify(Object.fromEntries(filled.map((l) => [l, draft.options[l].trim()]))),
    correctOption: [...draft.correct].sort().join(','),
    explanation: draft.explanation.trim() || null,
  }
}
