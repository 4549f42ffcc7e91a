import { z } from 'zod'
import { OPTION_LETTERS } from './media.ts'

/** The MCQ spreadsheets' columns and templates; the row rules are the server's (server/mcqs/import-rules.ts). */
export type SheetKind = 'plain' | 'withSubTopic'

/** The media type of an .xlsx workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const CORRECT_HEADER = 'CorrectOptions (e.g., A,C or A C)'
const OPTION_HEADERS = OPTION_LETTERS.map((l) => `Option${l}`)
/** The optional last column; sheets made before it existed import as they did. */
export const EXPLANATION_HEADER = 'Explanation'

/** The columns every sheet must start with. */
export const REQUIRED_HEADERS: Record<SheetKind, string[]> = {
  plain: ['Question', CORRECT_HEADER, ...OPTION_HEADERS],
  withSubTopic: ['SubTopicId', 'Question', CORRECT_HEADER, ...OPTION_HEADERS],
}

/** The template's columns: the required ones, then the optional 'Explanation'. */
export const TEMPLATE_HEADERS: Record<SheetKind, string[]> = {
  plain: [...REQUIRED_HEADERS.plain, EXPLANATION_HEADER],
  withSubTopic: [...REQUIRED_HEADERS.withSubTopic, EXPLANATION_HEADER],
}

const SAMPLE_EXPLANATION = '2 and 3 have no divisors other than 1 and themselves; 4 and 6 are even.'
export const TEMPLATE_SAMPLE: Record<SheetKind, (string | number)[]> = {
  plain: ['Which are prime numbers?', 'B D', '4', '2', '6', '3', SAMPLE_EXPLANATION],
  withSubTopic: [1001, 'Which are prime numbers?', 'B D', '4', '2', '6', '3', SAMPLE_EXPLANATION],
}

/** `?dryRun=true` on an import: answer exactly what it would do (same summary), storing nothing. */
export const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: "dryRun must be 'true' or 'false'" })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'true: report what the import would upload and skip, and store nothing' }),
})

/** Question rows one import takes; reading a sheet stops past it. */
export const MAX_IMPORT_ROWS = 10_000

/** One sheet row as text cells (column A first) with the row number the user sees. */
export interface SheetRow {
  rowNumber: number
  cells: string[]
}
