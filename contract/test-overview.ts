import { z } from 'zod'
import { commaSeparatedIds } from './content.ts'
import { REVIEW_POLICIES, SITTING_MODES } from './assessment.ts'

/**
 * What a test screen shows before anything starts: per sub-topic how many questions an attempt has, the time
 * limit, the attempts used and left, the pass mark and the review policy; and the learner's open sitting of
 * these sub-topics, if any, so the screen offers Resume instead of starting a new one.
 */

/** `subTopicIds=1,2,3` (one comma-separated value) and the mode. */
export const testOverviewQuery = z.object({
  subTopicIds: commaSeparatedIds('subTopicIds'),
  mode: z.enum(SITTING_MODES, { error: "mode must be 'test' or 'mistakes'" }).default('test'),
})

export const overviewSubTopicSchema = z
  .object({
    subTopicId: z.number().int(),
    title: z.string(),
    /** Questions in one attempt: the draw when there is one, else the whole bank (0: no questions yet). */
    questionCount: z.number().int(),
    /** 0 = no time limit. */
    timeLimitMinutes: z.number().int(),
    passMark: z.number().int(),
    /** 0 = unlimited. */
    maxAttempts: z.number().int(),
    attemptsUsed: z.number().int(),
    /** null when attempts are unlimited. */
    attemptsLeft: z.number().int().nullable(),
    reviewPolicy: z.enum(REVIEW_POLICIES),
    reviewAfterLastAttemptOnly: z.boolean(),
  })
  .meta({ id: 'TestOverviewSubTopic' })
export type OverviewSubTopic = z.infer<typeof overviewSubTopicSchema>

export const openSittingRefSchema = z
  .object({
    sittingId: z.string(),
    subTopicIds: z.array(z.number().int()),
    startedAt: z.string(),
    /** null when there is no time limit. */
    deadline: z.string().nullable(),
    /** The server's clock when it answered. */
    now: z.string(),
  })
  .meta({ id: 'OpenSittingRef' })
export type OpenSittingRef = z.infer<typeof openSittingRefSchema>

export const testOverviewSchema = z
  .object({
    subTopics: z.array(overviewSubTopicSchema),
    /**
     * The open sitting (not past its deadline) of these sub-topics, or of those of them that can be taken; else an
     * open sitting of another set that shares a sub-topic with them (a sub-topic is in one open sitting at a time,
     * so it must be finished before this test can start). Compare its subTopicIds to tell the two apart.
     */
    openSitting: openSittingRefSchema.nullable(),
  })
  .meta({ id: 'TestOverview' })
export type TestOverview = z.infer<typeof testOverviewSchema>
