import { z } from 'zod'
import { errorCodes } from './rules.ts'

const envelopeFields = {
  status: z.number().int(),
  message: z.string().optional(),
  path: z.string().optional(),
  timestamp: z.string(),
  /** Validation errors: field path → message. */
  errorDetails: z.record(z.string(), z.string()).optional(),
}

/** The one response envelope every JSON call answers with (docs/architecture.md#decisions-and-why). Null fields are omitted. */
export const successEnvelope = <Data extends z.ZodType>(data: Data) =>
  z.object({ success: z.literal(true), data: data.optional(), ...envelopeFields })

/** The success envelope of calls that answer only a message. */
export const noDataEnvelope = z.object({ success: z.literal(true), ...envelopeFields }).meta({ id: 'MessageEnvelope' })

/** The envelope of every error answer: no data, a human message, errorDetails for validation, a code where a client acts on it. */
export const errorEnvelopeSchema = z
  .object({ success: z.literal(false), ...envelopeFields, code: z.enum(errorCodes).optional() })
  .meta({ id: 'ErrorEnvelope' })

const anyEnvelope = z.object({ success: z.boolean(), ...envelopeFields, code: z.enum(errorCodes).optional() })
export type Envelope<T> = z.infer<typeof anyEnvelope> & { data?: T }

/** The page shape of every paged call. */
export const page = <Item extends z.ZodType>(item: Item) =>
  z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
  })

const anyPage = page(z.unknown())
export type Page<T> = Omit<z.infer<typeof anyPage>, 'content'> & { content: T[] }
