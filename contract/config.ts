import { z } from 'zod'

/** The currency prices are shown in when the server names none (an ISO 4217 code). */
export const DEFAULT_CURRENCY = 'INR'

/** Runtime settings the SPA reads from GET /api/config, so one build serves every deployment. */
export const publicConfigSchema = z
  .object({
    googleClientId: z.string().nullable(),
    /** ISO 4217 code of the currency every price is in (CURRENCY). */
    currency: z.string().meta({ example: 'INR' }),
  })
  .meta({ id: 'PublicConfig' })
export type PublicConfig = z.infer<typeof publicConfigSchema>
