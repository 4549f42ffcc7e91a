import { z } from 'zod'

/** Runtime settings the SPA reads from GET /api/config, so one build serves every deployment. */
export const publicConfigSchema = z.object({ googleClientId: z.string().nullable() }).meta({ id: 'PublicConfig' })
export type PublicConfig = z.infer<typeof publicConfigSchema>
