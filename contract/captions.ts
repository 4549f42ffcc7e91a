import { z } from 'zod'
import { PLAYBACK_RATES } from './rules.ts'
import { captionKind, id } from './content.ts'
import { text } from './text.ts'

/** A BCP 47 language tag, stored in its canonical form ('en-us' → 'en-US'). */
export const languageTag = (field: string) =>
  text(field, { max: 35, required: `${field} is required`, example: 'en' }).transform((value, ctx) => {
    try {
      const [canonical] = Intl.getCanonicalLocales(value)
      if (canonical) return canonical
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: `${field} must be a BCP 47 language tag such as 'en' or 'pt-BR'` })
    return z.NEVER
  })

/** The text fields of a caption upload (the file travels beside them as `file`). */
export const captionUploadFields = z.object({
  language: languageTag('language'),
  label: text('label', { max: 100, required: 'label is required', example: 'English' }),
  kind: captionKind,
})
export type CaptionUploadFields = z.input<typeof captionUploadFields>

/** A stored track as the upload answers it. */
export const captionTrackSchema = z
  .object({
    id: z.number().int(),
    videoId: z.number().int(),
    language: z.string(),
    label: z.string(),
    kind: captionKind,
  })
  .meta({ id: 'CaptionTrack' })
export type CaptionTrack = z.infer<typeof captionTrackSchema>

export const captionCoverageSchema = z
  .object({
    videos: z.number().int(),
    withCaptions: z.number().int(),
    withoutCaptions: z.array(
      z.object({
        videoId: z.number().int(),
        title: z.string(),
        packageId: z.number().int(),
        packageTitle: z.string(),
        subTopicId: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'CaptionCoverage' })
export type CaptionCoverage = z.infer<typeof captionCoverageSchema>

export const captionIdParams = z.object({ id, captionId: id })

/** The player's remembered choices (null: no choice yet; the browser's language is offered first). */
export const playerPreferenceFields = {
  captionsLanguage: languageTag('captionsLanguage').nullable().optional(),
  captionsOn: z.boolean({ error: 'captionsOn must be true or false' }).nullable().optional(),
  playbackRate: z
    .number({ error: 'playbackRate must be a number' })
    .refine((rate) => (PLAYBACK_RATES as readonly number[]).includes(rate), {
      message: `playbackRate must be one of ${PLAYBACK_RATES.join(', ')}`,
    })
    .nullable()
    .optional(),
}
