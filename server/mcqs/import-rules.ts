import { EXPLANATION_MAX, OPTION_LETTERS, splitCorrect } from '../../contract/media.ts'
import { EXPLANATION_HEADER, REQUIRED_HEADERS, TEMPLATE_SAMPLE, type SheetKind, type SheetRow } from '../../contract/mcq-import.ts'
import { hasControlCharacters } from '../../contract/text.ts'

/**
 * The row rules of an MCQ import. An import and its dry run (the SPA's preview asks the server with `?dryRun=true`)
 * both apply them, so the preview and the import report the same skipped rows.
 */

export interface McqCandidate {
  rowNumber: number
  subTopicId: number
  question: string
  options: Partial<Record<(typeof OPTION_LETTERS)[number], string>>
  correctOption: string
  /** Null when the sheet has no 'Explanation' column or the cell is blank. */
  explanation: string | null
}

export interface ImportPlan {
  valid: McqCandidate[]
  skipped: string[]
}

/** Header names compared case- and space-insensitively; the correct-options column may be titled just 'CorrectOptions'. */
const headerKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/\(.*\)$/, '')

/** Null when the header row starts with the required columns, else a message saying which columns are expected. */
export function checkHeader(kind: SheetKind, header: string[] | undefined): string | null {
  const expected = REQUIRED_HEADERS[kind]
  const ok = header && expected.every((name, i) => headerKey(header[i] ?? '') === headerKey(name))
  return ok ? null : `The first row must hold the columns: ${expected.join(' | ')}`
}

/** Whether the column after the options is titled 'Explanation' (only then are its cells read). */
export function hasExplanationColumn(kind: SheetKind, header: string[] | undefined): boolean {
  return headerKey(header?.[REQUIRED_HEADERS[kind].length] ?? '') === headerKey(EXPLANATION_HEADER)
}

/** Question text compared case- and space-insensitively. */
export const questionKey = (question: string) => question.toLowerCase().replace(/\s+/g, ' ').trim()

export interface PlanContext {
  /** The sheet's header has the optional 'Explanation' column (hasExplanationColumn). */
  withExplanation?: boolean
  /** The sub-topic of a plain import. */
  subTopicId?: number
  /** Sub-topic ids that exist (with-subtopic imports). */
  knownSubTopicIds: Set<number>
  /** Question keys already stored per sub-topic (duplicates are skipped). */
  existingQuestions: Map<number, Set<string>>
  /**
   * Question keys of the rows planned so far, per sub-topic: filled as rows are planned. A file planned in batches
   * passes the same map with each, so a row repeating one of an earlier batch is a duplicate too.
   */
  seen?: Map<number, Set<string>>
}

/** Whether a row repeats the template's example question, its key and its four options (any sub-topic id). */
function isTemplateExample(kind: SheetKind, cell: (i: number) => string): boolean {
  const offset = kind === 'withSubTopic' ? 1 : 0
  const example = TEMPLATE_SAMPLE[kind].slice(offset, offset + 2 + OPTION_LETTERS.length)
  return example.every((value, i) => cell(i) === String(value))
}

export interface QuestionFields {
  question: string
  /** Option texts by letter, trimmed; blank options left out. */
  options: McqCandidate['options']
  /** The correct letters as written ('b d', 'B,D'). */
  correct: string
  explanation: string | null
}

export type QuestionField = 'question' | 'options' | 'correctOption' | 'explanation'

export interface QuestionProblem {
  rule: 'missing' | 'options' | 'control' | 'explanation' | 'correct' | 'duplicate'
  field: QuestionField
  message: string
}

/**
 * The rules one question meets, whether it is a spreadsheet row or added on its own, so both say the same.
 * `isTaken` says whether a question key is already in the sub-topic.
 */
export function questionProblem(
  { question, options, correct, explanation }: QuestionFields,
  isTaken: (key: string) => boolean,
): QuestionProblem | null {
  if (!question || !correct.trim()) {
    return { rule: 'missing', field: question ? 'correctOption' : 'question', message: 'Missing question or correct option(s)' }
  }
  if (Object.keys(options).length < 2) return { rule: 'options', field: 'options', message: 'Less than 2 options provided' }
  // The API's text rule (contract/text.ts); exceljs turns the XML escape _x0000_ into a NUL, which PostgreSQL refuses.
  const controlIn = (value: string) => hasControlCharacters(value, { multiline: true })
  if (controlIn(question)) return { rule: 'control', field: 'question', message: 'Contains control characters' }
  if (Object.values(options).some((text) => controlIn(text ?? '')))
    return { rule: 'control', field: 'options', message: 'Contains control characters' }
  if (explanation && controlIn(explanation)) return { rule: 'control', field: 'explanation', message: 'Contains control characters' }
  if (explanation && explanation.length > EXPLANATION_MAX) {
    return { rule: 'explanation', field: 'explanation', message: `Explanation is longer than ${EXPLANATION_MAX} characters` }
  }
  const unknown = splitCorrect(correct).filter((letter) => !(letter in options))
  if (unknown.length)
    return { rule: 'correct', field: 'correctOption', message: `Correct option ${unknown.join(', ')} does not name an option` }
  if (isTaken(questionKey(question))) return { rule: 'duplicate', field: 'question', message: 'Duplicate question' }
  return null
}

/** Applies every row rule; rows are expected without the header row and without blank rows. */
export function planImport(kind: SheetKind, rows: SheetRow[], context: PlanContext): ImportPlan {
  const valid: McqCandidate[] = []
  const skipped: string[] = []
  const seen = context.seen ?? new Map<number, Set<string>>()
  const offset = kind === 'withSubTopic' ? 1 : 0

  for (const { rowNumber, cells } of rows) {
    const at = `Row ${rowNumber}:`
    const cell = (i: number) => (cells[i + offset] ?? '').trim()
    if (isTemplateExample(kind, cell)) {
      skipped.push(`${at} The template's example row (not imported)`)
      continue
    }
    let subTopicId = context.subTopicId ?? 0
    if (kind === 'withSubTopic') {
      const rawId = (cells[0] ?? '').trim()
      if (!rawId || !cell(0) || !cell(1)) {
        skipped.push(`${at} Missing required fields`)
        continue
      }
      if (!/^\d{1,9}$/.test(rawId)) {
        skipped.push(`${at} Invalid SubTopic ID`)
        continue
      }
      subTopicId = Number(rawId)
      if (!context.knownSubTopicIds.has(subTopicId)) {
        skipped.push(`${at} SubTopic ID not found: ${subTopicId}`)
        continue
      }
    }

    const question = cell(0)
    const options: McqCandidate['options'] = {}
    OPTION_LETTERS.forEach((letter, i) => {
      const text = cell(2 + i)
      if (text) options[letter] = text
    })
    const explanation = context.withExplanation ? cell(2 + OPTION_LETTERS.length) || null : null
    const key = questionKey(question)
    const inFile = seen.get(subTopicId) ?? new Set<string>()
    const problem = questionProblem(
      { question, options, correct: cell(1), explanation },
      (taken) => inFile.has(taken) || Boolean(context.existingQuestions.get(subTopicId)?.has(taken)),
    )
    if (problem) {
      const duplicate = problem.rule === 'duplicate' && kind === 'withSubTopic'
      skipped.push(`${at} ${duplicate ? `Duplicate question for SubTopic ID ${subTopicId}` : problem.message}`)
      continue
    }
    const correct = splitCorrect(cell(1))
    inFile.add(key)
    seen.set(subTopicId, inFile)
    valid.push({ rowNumber, subTopicId, question, options, correctOption: correct.join(','), explanation })
  }
  return { valid, skipped }
}
