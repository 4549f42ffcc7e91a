import { z } from 'zod'
import { text } from './text.ts'

/** Longest search text, and most hits one search returns. */
export const SEARCH_MAX_LENGTH = 100
export const SEARCH_MAX_HITS = 30

export const searchQuery = z.object({
  q: text('Search text', {
    max: SEARCH_MAX_LENGTH,
    required: 'Search text is required',
    tooLong: `Search text must be at most ${SEARCH_MAX_LENGTH} characters`,
  }),
})

export const SEARCH_HIT_KINDS = ['package', 'skill', 'topic', 'subTopic', 'video', 'studyMaterial'] as const
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number]

const place = z.object({ id: z.number().int(), title: z.string() })

/**
 * One thing found, with where it sits: its package, and its skill, topic and sub-topic when it lies below them.
 * `assigned` says whether the searching learner may open its content (always true for admins).
 */
export const searchHitSchema = z
  .object({
    kind: z.enum(SEARCH_HIT_KINDS),
    id: z.number().int(),
    title: z.string(),
    package: place,
    skill: place.nullable(),
    topic: place.nullable(),
    subTopic: place.nullable(),
    assigned: z.boolean(),
  })
  .meta({ id: 'SearchHit' })
export type SearchHit = z.infer<typeof searchHitSchema>
