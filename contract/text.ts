import { z } from 'zod'

/**
 * The one schema of every text field the API reads, in a JSON body, a query or a multipart form (docs/architecture.md#decisions-and-why):
 * trimmed, bounded, and free of control characters, refused with a 400 naming the field. PostgreSQL text cannot
 * hold NUL, so without this a NUL was a 500; other control characters have no place in names and titles either.
 *
 * - Line texts (titles, names, tokens, search terms) refuse every control character, tab and line break included.
 * - Multi-line texts (descriptions, comments, reviews, question text: what a textarea edits) keep line feeds, tabs
 *   and carriage returns (Windows line ends), and refuse the rest.
 *
 * Control characters (Unicode category Cc) are C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). The rule is a regex, so the
 * OpenAPI document publishes it as the field's `pattern`. Passwords and tokens go through it too, untrimmed for
 * passwords: no keyboard types a control character, and none then reaches a query, a hash or a log.
 * server/http/text-fields.test.ts sends a NUL to every field of every route.
 */
const LINE = /^\P{Cc}*$/u
const MULTI_LINE = /^(?:\P{Cc}|[\t\n\r])*$/u

/** Whether a text breaks the control-character rule above: for texts read outside a schema, e.g. spreadsheet cells. */
export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return !(multiline ? MULTI_LINE : LINE).test(value)
}

export interface TextRules {
  /** Longest accepted length, after trimming. */
  max: number
  /** The message when the text is missing or blank; without it, '' is accepted. */
  required?: string
  /** Keeps line feeds, tabs and carriage returns (see above). */
  multiline?: boolean
  /** Overrides the message when the text is too long. */
  tooLong?: string
  /** Passwords keep their spaces: they are compared, never shown. */
  trim?: boolean
  /** A realistic value for the API reference (else it makes one up from the pattern: unreadable). */
  example?: string
}

/** A text field named `field` in messages, e.g. `text('Title', { max: 200, required: 'Title is required' })`. */
export function text(field: string, { max, required, multiline = false, tooLong, trim = true, example }: TextRules) {
  let schema = z.string({ error: required ?? `${field} must be text` })
  if (trim) schema = schema.trim()
  if (required) schema = schema.min(1, required)
  const bounded = schema
    .max(max, tooLong ?? `${field} must be at most ${max} characters`)
    .regex(
      multiline ? MULTI_LINE : LINE,
      multiline
        ? `${field} must not contain control characters other than line breaks and tabs`
        : `${field} must not contain control characters`,
    )
  return example === undefined ? bounded : bounded.meta({ examples: [example] })
}
