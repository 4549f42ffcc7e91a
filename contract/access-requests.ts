import { z } from 'zod'
import { id } from './content.ts'

export const accessRequestInput = z.object({ packageId: id })
export type AccessRequestInput = z.input<typeof accessRequestInput>

/** A learner's open request for a package not assigned to them, as the admins' list shows it. */
export const accessRequestSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    package: z.object({ id: z.number().int(), title: z.string() }),
  })
  .meta({ id: 'AccessRequest' })
export type AccessRequest = z.infer<typeof accessRequestSchema>

/** The packages the signed-in learner has asked for and not yet been given. */
export const myAccessRequestsSchema = z.object({ packageIds: z.array(z.number().int()) }).meta({ id: 'MyAccessRequests' })
export type MyAccessRequests = z.infer<typeof myAccessRequestsSchema>
