import type { MiddlewareHandler, ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import type { z } from 'zod'
import { AppError } from './errors.ts'

/** Field path → first message, for the envelope's errorDetails. */
export function issuesToDetails(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    details[key] ??= issue.message
  }
  return details
}

export function validationError(error: z.ZodError): AppError {
  const details = issuesToDetails(error)
  const message = Object.entries(details)
    .map(([field, text]) => (field === '_' ? text : `${field}: ${text}`))
    .join('; ')
  return new AppError(400, message || 'Invalid request', { details })
}

/** A validator's types with its JSON body typed as the schema's input (what a caller sends), not its output. */
type JsonAsInput<Handler, Schema extends z.ZodType> =
  Handler extends MiddlewareHandler<infer E, infer P, { in: infer In extends object; out: infer Out extends object }>
    ? MiddlewareHandler<E, P, { in: { [K in keyof In]: K extends 'json' ? z.input<Schema> : In[K] }; out: Out }>
    : Handler

/**
 * Validates one part of the request with a zod schema; a failure is a 400 naming each bad field. Its type tells the
 * SPA's typed client (src/api/client.ts) what to send: a JSON body as the schema's input, as the contract's `…Input` types.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  const middleware = validator(target, (value, c) => {
    if (target === 'json') {
      const type = c.req.header('content-type') ?? ''
      if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) throw new AppError(415, 'Content-Type must be application/json')
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new AppError(400, 'Request body must be a JSON object')
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw validationError(parsed.error)
    return parsed.data as z.output<Schema>
  })
  return middleware as JsonAsInput<typeof middleware, Schema>
}
