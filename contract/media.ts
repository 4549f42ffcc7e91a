import { z } from 'zod'
import { id } from './content.ts'
import { text } from './text.ts'
import { parseOptions, splitCorrect } from './mcq-options.ts'

export { OPTION_LETTERS, type OptionLetter, isShownOption, parseOptions, splitCorrect } from './mcq-options.ts'

export const videoTitleInput = z.object({
  title: text('Title', { max: 200, required: 'Title is required' }),
})

/** An MCQ as the API returns it. `correctOption` is present only for admins. */
export const mcqSchema = z
  .object({
    id: z.number().int(),
    subTopicId: z.number().int(),
    question: z.string(),
    /** JSON object text mapping letters to option text, e.g. '{"A":"2","B":"3"}' (the stored form). */
    options: z.string(),
    correctOption: z.string().optional(),
    /** Why the key is right; admins only (learners see it in a review when the policy allows). Null when none. */
    explanation: z.string().nullable().optional(),
  })
  .meta({ id: 'Mcq' })
export type Mcq = z.infer<typeof mcqSchema>

export const mcqUploadResultSchema = z
  .object({
    uploaded: z.number().int(),
    skipped: z.number().int(),
    skippedDetails: z.array(z.string()),
    /** Of the uploaded rows, those carrying an explanation. */
    withExplanation: z.number().int(),
  })
  .meta({ id: 'McqUploadResult' })
export type McqUploadResult = z.infer<typeof mcqUploadResultSchema>

const optionsText = text('options', { max: 20_000, required: 'options is required', multiline: true }).refine(
  (value) => Object.keys(parseOptions(value)).length >= 2,
  'options must be a JSON object with at least two of A-D',
)

/** Longest explanation a question may carry (the API and the spreadsheet import). */
export const EXPLANATION_MAX = 5000

const mcqFields = {
  question: text('Question', { max: 5000, required: 'Question is required', multiline: true }),
  options: optionsText,
  correctOption: text('correctOption', { max: 50, required: 'Choose at least one correct option' }),
  /** Optional. On update, leaving it out keeps the stored one; '' or null removes it. */
  explanation: text('Explanation', { max: EXPLANATION_MAX, multiline: true }).nullable().optional(),
}

/** Correct letters must name present options; stored as sorted comma-joined letters. */
function checkCorrect<T extends { options: string; correctOption: string }>(value: T, ctx: z.RefinementCtx) {
  const present = Object.keys(parseOptions(value.options))
  const wrong = splitCorrect(value.correctOption).filter((letter) => !present.includes(letter))
  if (wrong.length) ctx.addIssue({ code: 'custom', path: ['correctOption'], message: `Correct option ${wrong.join(', ')} names no option` })
}
/** Correct letters sorted and comma-joined; a blank explanation stored as none (null). */
const normalizeCorrect = <T extends { correctOption: string; explanation?: string | null }>(value: T): T => ({
  ...value,
  correctOption: splitCorrect(value.correctOption).join(','),
  ...(value.explanation !== undefined ? { explanation: value.explanation || null } : {}),
})

/** Update an MCQ: question, options (JSON text), correctOption, and optionally explanation. */
export const mcqInput = z.object(mcqFields).superRefine(checkCorrect).transform(normalizeCorrect)

/**
 * Create an MCQ in a sub-topic. Only the shape is checked here: the server then applies a spreadsheet row's rules
 * (at least two options, correct letters among them, no duplicate in the sub-topic...) so both say the same.
 */
export const mcqCreateInput = z.object({
  subTopicId: id,
  question: text('Question', { max: 5000, multiline: true }),
  /** JSON object text mapping letters to option text, e.g. '{"A":"2","B":"3"}'. */
  options: text('options', { max: 20_000, multiline: true }),
  correctOption: text('correctOption', { max: 50 }),
  explanation: mcqFields.explanation,
})
