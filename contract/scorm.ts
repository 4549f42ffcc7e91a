import { z } from 'zod'
import { id, scormScoSchema } from './content.ts'
import { text } from './text.ts'

/** POST /scorm/{id}/launch: which SCO to open (the first when none is named). */
export const scormLaunchInput = z.object({ scoId: id.optional() })

/** Where the viewer's frame opens the SCO: the launcher page on the content origin, carrying a launch token. */
export const scormLaunchSchema = z.object({ url: z.string(), sco: scormScoSchema, expiresAt: z.string() }).meta({ id: 'ScormLaunch' })
export type ScormLaunch = z.infer<typeof scormLaunchSchema>

/** What the runtime starts with (GET /scorm/runtime): the edition, the SCO, and its data model under `cmi`. */
export const scormRuntimeStateSchema = z
  .object({
    version: z.enum(['1.2', '2004']),
    edition: z.enum(['1.2', '2004-2', '2004-3', '2004-4']),
    sco: scormScoSchema,
    /** The learner's id and name and the saved data (entry, status, score, location, suspend_data), as loadFromJSON takes them. */
    cmi: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ScormRuntimeState' })

/** The most elements one commit may carry. */
export const MAX_COMMIT_ELEMENTS = 5_000
const elementName = text('An element name', { max: 255 })
/** POST /scorm/runtime: the data model flattened ('cmi.core.lesson_status': 'completed', …), as scorm-again commits it. */
export const scormCommitInput = z
  .record(
    // The names are checked below, so a bad one is refused with its own message rather than zod's 'Invalid key'.
    z.string(),
    // Values keep their spaces (suspend_data is the SCO's own), and refuse control characters but line breaks and tabs.
    // scorm-again sends a collection without entries (cmi.objectives, cmi.interactions) as an empty object.
    z.union([
      text('An element value', { max: 70_000, multiline: true, trim: false }),
      z.number(),
      z.boolean(),
      z.null(),
      z.strictObject({}),
    ]),
  )
  .superRefine((elements, ctx) => {
    const names = Object.keys(elements)
    if (names.length > MAX_COMMIT_ELEMENTS)
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_COMMIT_ELEMENTS} elements in one commit` })
    for (const name of names) {
      const checked = elementName.safeParse(name)
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message, path: [name] })
    }
  })

/** A SCO as progress counts it: its status, its score as a percentage (null without one), and whether it is done. */
export const scoProgressSchema = z
  .object({ id: z.number().int(), status: z.string(), score: z.number().nullable(), completed: z.boolean() })
  .meta({ id: 'ScoProgress' })
export type ScoProgress = z.infer<typeof scoProgressSchema>

/** A SCO in the admin's learners table and its CSV: its progress, with its title and its package's. */
export const learnerScoSchema = scoProgressSchema.extend({ title: z.string(), packageTitle: z.string() }).meta({ id: 'LearnerSco' })
export type LearnerSco = z.infer<typeof learnerScoSchema>
