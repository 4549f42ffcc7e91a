import type { z } from 'zod'

/** Field path ('skills.0.title', or 'form' for the whole) → the first message about it. */
export type FieldMessages = Record<string, string>

/** The first message per field of a failed parse, as forms show them under their fields. */
export function fieldMessages(error: z.ZodError): FieldMessages {
  const messages: FieldMessages = {}
  for (const issue of error.issues) messages[issue.path.join('.') || 'form'] ??= issue.message
  return messages
}

/** Form values checked with the contract schema the server applies: the parsed input, or the messages per field. */
export function checkWith<S extends z.ZodType>(
  schema: S,
  values: z.input<S>,
): { input: z.output<S>; errors?: undefined } | { input?: undefined; errors: FieldMessages } {
  const parsed = schema.safeParse(values)
  return parsed.success ? { input: parsed.data } : { errors: fieldMessages(parsed.error) }
}
