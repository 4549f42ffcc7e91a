import { z } from 'zod'
import { id } from './content.ts'
import { learnerScoSchema, scoProgressSchema } from './scorm.ts'

/** A heartbeat may carry at most this many ranges. */
export const MAX_WATCHED_RANGES = 1000
/** A video counts as complete from this share of it watched. */
export const VIDEO_COMPLETE_COVERAGE = 0.9

const seconds = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .finite(`${field} must be a finite number`)
    .min(0, `${field} must not be negative`)

/** [start, end] in seconds, end not before start. */
const watchedRange = z
  .tuple([seconds('start'), seconds('end')], { error: 'A watched range is [start, end] in seconds' })
  .refine(([start, end]) => end >= start, 'A watched range must not end before it starts')

/** PUT /progress/videos/{videoId}: where the player is and what it played since the last heartbeat. */
export const heartbeatInput = z.object({
  position: seconds('position'),
  watched: z
    .array(watchedRange, { error: 'watched must be a list of [start, end] ranges' })
    .max(MAX_WATCHED_RANGES, `At most ${MAX_WATCHED_RANGES} watched ranges`),
  playbackRate: z.number().finite().positive('playbackRate must be positive').max(16, 'playbackRate must be at most 16').optional(),
})
export type HeartbeatInput = z.input<typeof heartbeatInput>

export const videoIdParam = z.object({ videoId: id })
export const packageIdParam = z.object({ packageId: id })
/** An admin may read one learner's progress. */
export const packageProgressQuery = z.object({ userId: id.optional() })
export const learnersQuery = z.object({ format: z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).default('json') })

/** One user's progress in one video. `coverage` is 0..1 of the video watched (merged ranges, clamped to it). */
export const videoProgressSchema = z
  .object({
    videoId: z.number().int(),
    position: z.number(),
    watchedSeconds: z.number(),
    durationSeconds: z.number(),
    coverage: z.number(),
    completed: z.boolean(),
  })
  .meta({ id: 'VideoProgress' })
export type VideoProgress = z.infer<typeof videoProgressSchema>

export const subTopicProgressSchema = z
  .object({
    id: z.number().int(),
    /** 0..100, whole. 100 only when completed. */
    percent: z.number().int(),
    completed: z.boolean(),
    /** The best attempt's score as a percentage of its marks, 0..100; null without an attempt. */
    bestScore: z.number().nullable(),
    /** A test attempt (not practice) passed its sub-topic's pass mark; false without one. */
    passed: z.boolean(),
    /** The sub-topic has questions, so a test is part of it. */
    hasTest: z.boolean(),
    videos: z.array(z.object({ id: z.number().int(), coverage: z.number(), completed: z.boolean(), position: z.number() })),
    /** The sub-topic's SCORM SCOs, each counted like a video. */
    scos: z.array(scoProgressSchema),
  })
  .meta({ id: 'SubTopicProgress' })
export type SubTopicProgress = z.infer<typeof subTopicProgressSchema>

/** Where to continue: the video the learner played last in the package, at its position. */
export const resumeSchema = z.object({ videoId: z.number().int(), subTopicId: z.number().int(), position: z.number() })

/**
 * A learner's progress in a package, the one roll-up every screen shows. Sub-topics with neither videos nor
 * questions do not count: they are listed in `uncountedSubTopicIds`, not under their topic. A topic's, skill's and
 * package's percent is the average of its counted sub-topics' percents (unrounded); 100 only when all are complete.
 */
export const packageProgressSchema = z
  .object({
    packageId: z.number().int(),
    percent: z.number().int(),
    completedSubTopics: z.number().int(),
    totalSubTopics: z.number().int(),
    /** Sub-topics with neither videos nor questions: nothing to do, so they do not count. */
    uncountedSubTopicIds: z.array(z.number().int()),
    resume: resumeSchema.nullable(),
    skills: z.array(
      z.object({
        id: z.number().int(),
        percent: z.number().int(),
        topics: z.array(z.object({ id: z.number().int(), percent: z.number().int(), subTopics: z.array(subTopicProgressSchema) })),
      }),
    ),
  })
  .meta({ id: 'PackageProgress' })
export type PackageProgress = z.infer<typeof packageProgressSchema>

/** One assigned learner's figures in a package (the admin's progress table and its CSV). */
export const learnerProgressRowSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    email: z.string(),
    percent: z.number().int(),
    completedSubTopics: z.number().int(),
    totalSubTopics: z.number().int(),
    /** SCORM SCOs of the package the learner completed, and how many it has. */
    completedScos: z.number().int(),
    totalScos: z.number().int(),
    /** Each SCO of the package in outline order (sub-topic, then manifest order): the learner's status and score. */
    scos: z.array(learnerScoSchema),
    /** The last heartbeat, test attempt or SCORM commit in the package, ISO 8601; null when none. */
    lastActivityAt: z.string().nullable(),
  })
  .meta({ id: 'LearnerProgressRow' })
export type LearnerProgressRow = z.infer<typeof learnerProgressRowSchema>
