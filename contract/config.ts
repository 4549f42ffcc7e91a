import { z } from 'zod'

/** Runtime settings the SPA reads from GET /api/config, so one build serves every deployment. */
export const publicConfigSchema = z
  .object({
    googleClientId: z.string().nullable(),
    /** ISO 4217 code of the currency every price is in (CURRENCY). */
    currency: z.string().meta({ example: 'INR' }),
  })
  .meta({ id: 'PublicConfig' })
export type PublicConfig = z.infer<typeof publicConfigSchema>
