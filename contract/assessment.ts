import { z } from 'zod'
import { id } from './content.ts'
import { text } from './text.ts'
import { REVIEW_POLICIES } from './rules.ts'

/**
 * Assessments: a sub-topic's test settings, sittings held on the server (draw, order and deadline
 * pinned when a test starts, answers autosaved), and what a learner may see after grading (the review policy).
 */

export { REVIEW_POLICIES, type ReviewPolicy } from './rules.ts'
export const SCORING_RULES = ['all_or_nothing', 'partial'] as const
export type ScoringRule = (typeof SCORING_RULES)[number]
export const SITTING_MODES = ['test', 'mistakes'] as const
export type SittingMode = (typeof SITTING_MODES)[number]
/** Autosave and submit are still accepted this long after the deadline. */
export const DEADLINE_GRACE_SECONDS = 30

const wholeNumber = (field: string, min: number, max: number, range: string) =>
  z
    .number({ error: `${field} must be a number ${range}` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be ${range}`)
    .max(max, `${field} must be ${range}`)

const settingsFields = {
  /** Percent of the total marks needed to pass. */
  passMark: wholeNumber('passMark', 0, 100, 'from 0 to 100'),
  /** 0 = unlimited. */
  maxAttempts: wholeNumber('maxAttempts', 0, 100, 'from 0 (unlimited) to 100'),
  /** 0 = no time limit. */
  timeLimitMinutes: wholeNumber('timeLimitMinutes', 0, 600, 'from 0 (none) to 600'),
  shuffleQuestions: z.boolean({ error: 'shuffleQuestions must be true or false' }),
  shuffleOptions: z.boolean({ error: 'shuffleOptions must be true or false' }),
  /** 0 = every question. */
  drawCount: wholeNumber('drawCount', 0, 1000, 'from 0 (all) to 1000'),
  reviewPolicy: z.enum(REVIEW_POLICIES, { error: `reviewPolicy must be one of ${REVIEW_POLICIES.join(', ')}` }),
  /** Keys (and explanations) only once no attempts are left. */
  reviewAfterLastAttemptOnly: z.boolean({ error: 'reviewAfterLastAttemptOnly must be true or false' }),
  scoring: z.enum(SCORING_RULES, { error: `scoring must be one of ${SCORING_RULES.join(', ')}` }),
}

export const testSettingsSchema = z.object(settingsFields).meta({ id: 'TestSettings' })
export type TestSettings = z.infer<typeof testSettingsSchema>

/** No row for a sub-topic means these: the behaviour before settings existed. */
export const DEFAULT_TEST_SETTINGS: TestSettings = {
  passMark: 60,
  maxAttempts: 0,
  timeLimitMinutes: 0,
  shuffleQuestions: false,
  shuffleOptions: false,
  drawCount: 0,
  reviewPolicy: 'answers',
  reviewAfterLastAttemptOnly: false,
  scoring: 'all_or_nothing',
}

/** PUT body: the fields sent replace the stored ones; the others keep their value (or the default). */
export const testSettingsInput = z.object(settingsFields).partial().strict()
export type TestSettingsInput = z.input<typeof testSettingsInput>

/** What GET answers: the settings, plus for the caller their own count of graded attempts. */
export const testSettingsViewSchema = testSettingsSchema
  .extend({
    subTopicId: z.number().int(),
    /** The caller's graded, non-practice attempts of this sub-topic. */
    attemptsUsed: z.number().int(),
    /** Extra attempts an admin gave the caller on top of maxAttempts. */
    attemptsGranted: z.number().int(),
    /** null when attempts are unlimited; counts the granted ones. */
    attemptsLeft: z.number().int().nullable(),
    /**
     * What the caller may see of their attempts now. 'Practise my mistakes' is offered only at 'answers' or
     * 'answers_and_explanations' (below that the server refuses it with a 403).
     */
    reviewLevel: z.enum(REVIEW_POLICIES),
  })
  .meta({ id: 'TestSettingsView' })
export type TestSettingsView = z.infer<typeof testSettingsViewSchema>

export const sittingId = z
  .string({ error: 'sittingId is required' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'sittingId is not a valid sitting id')
export const sittingParam = z.object({ sittingId })

export const startInput = z.object({
  subTopicIds: z
    .array(id, { error: 'subTopicIds must be a list of ids' })
    .min(1, 'subTopicIds is required')
    .max(500, 'At most 500 subTopicIds'),
  /** 'mistakes': practise the questions got wrong in the last graded attempt (not counted). */
  mode: z.enum(SITTING_MODES, { error: "mode must be 'test' or 'mistakes'" }).default('test'),
})
export type StartInput = z.input<typeof startInput>

/** The chosen letters per question id. Letters keep their meaning whatever the display order. */
export const answersSchema = z.record(
  z.string().regex(/^[1-9][0-9]{0,9}$/, 'answers keys are question ids'),
  z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-D]$/, 'answers are letters A-D'),
    )
    .max(4),
  { error: 'answers must map question ids to lists of letters' },
)

export const autosaveInput = z.object({ answers: answersSchema })
export type AutosaveInput = z.input<typeof autosaveInput>

export const sittingOptionSchema = z.object({ key: z.string(), text: z.string() }).meta({ id: 'SittingOption' })
/** A question as the learner sees it: options in display order, each with its letter; never a key. */
export const sittingQuestionSchema = z
  .object({
    id: z.number().int(),
    subTopicId: z.number().int(),
    question: z.string(),
    options: z.array(sittingOptionSchema),
  })
  .meta({ id: 'SittingQuestion' })
export type SittingQuestion = z.infer<typeof sittingQuestionSchema>

/** POST /mcq-attempts/start answers this; GET /mcq-attempts/sittings/{id} adds the saved answers. */
export const sittingSchema = z
  .object({
    sittingId: z.string(),
    mode: z.enum(SITTING_MODES),
    subTopicIds: z.array(z.number().int()),
    startedAt: z.string(),
    /** When the whole sitting is over: the latest sub-topic deadline; null when a sub-topic has no time limit. */
    deadline: z.string().nullable(),
    /**
     * Each sub-topic's own deadline (its time limit from the start; null without one). After it and its grace
     * that sub-topic's answers keep their last saved value and its attempt is graded late.
     */
    deadlines: z.array(z.object({ subTopicId: z.number().int(), deadline: z.string().nullable() })),
    /** The server's clock when it answered, so a countdown can correct the device's clock. */
    now: z.string(),
    questions: z.array(sittingQuestionSchema),
    /** The last autosaved answers. */
    answers: z.record(z.string(), z.array(z.string())),
    /** Set once the sitting has been graded. */
    gradedAt: z.string().nullable(),
  })
  .meta({ id: 'Sitting' })
export type Sitting = z.infer<typeof sittingSchema>

export const autosaveResultSchema = z.object({ savedAt: z.string() }).meta({ id: 'AutosaveResult' })
export type AutosaveResult = z.infer<typeof autosaveResultSchema>

const submissionId = text('submissionId', { max: 64 }).min(8, 'submissionId must be at least 8 characters').optional()

/**
 * POST /mcq-attempts/create. With `sittingId`: grades that sitting's pinned questions (answers, when sent, replace
 * the autosaved ones unless the deadline and its grace have passed). Without it (legacy): `subTopicIds` and
 * `answers`, allowed only when none of the sub-topics has a time limit, a draw or an attempt limit.
 */
export const submitInput = z
  .object({
    sittingId: sittingId.optional(),
    subTopicIds: z.array(id).min(1, 'subTopicIds is required').max(500).optional(),
    answers: answersSchema.optional(),
    /** A client-generated id; submitting the same one again returns the stored result instead of a new attempt. */
    submissionId,
  })
  .superRefine((v, ctx) => {
    if (v.sittingId) return
    if (!v.subTopicIds) ctx.addIssue({ code: 'custom', path: ['subTopicIds'], message: 'sittingId or subTopicIds is required' })
    if (!v.answers) ctx.addIssue({ code: 'custom', path: ['answers'], message: 'answers is required' })
  })
export type SubmitInput = z.input<typeof submitInput>

/**
 * How much of a graded attempt the learner may see now: 'never' (the attempt only: no score), 'score' (score and
 * passed), 'answers' (plus the correct options), 'answers_and_explanations' (plus explanations). Admins see all.
 */
export const reviewLevelSchema = z.enum(REVIEW_POLICIES)

/** One question of a graded attempt; correctOption and explanation only where the policy allows them. */
export const reviewItemSchema = z
  .object({
    mcqId: z.number().int(),
    chosen: z.array(z.string()),
    correct: z.boolean(),
    correctOption: z.string().optional(),
    explanation: z.string().nullable().optional(),
  })
  .meta({ id: 'ReviewItem' })
export type ReviewItem = z.infer<typeof reviewItemSchema>

/** The assessment fields of every attempt; `score` and `passed` are left out where the policy is 'never'. */
export const attemptAdditions = {
  /** Fractional under partial scoring. */
  score: z.number().optional(),
  /** The pass mark (percent) in force when the attempt was graded. */
  passMark: z.number().int(),
  passed: z.boolean().optional(),
  /** Graded after the deadline plus grace: the last autosaved answers were graded. */
  late: z.boolean(),
  /** A 'Practise my mistakes' sitting: not counted towards limits or progress. */
  practice: z.boolean(),
  /** What the learner may see of this attempt now. */
  reviewLevel: reviewLevelSchema,
}

/** POST /mcq-attempts/grants (admins): one more attempt at a sub-topic's test for a learner. */
export const grantInput = z.object({ userId: id, subTopicId: id })
export type GrantInput = z.input<typeof grantInput>

/** GET /mcq-attempts/grants?userId= (admins): that learner's grants, newest first. */
export const grantsQuery = z.object({ userId: id })

export const attemptGrantSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    subTopicId: z.number().int(),
    subTopicTitle: z.string(),
    /** null once the granting admin's account is deleted. */
    grantedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    grantedAt: z.string(),
  })
  .meta({ id: 'AttemptGrant' })
export type AttemptGrant = z.infer<typeof attemptGrantSchema>

/** The new grant and the learner's attempts at that sub-topic after it. */
export const grantResultSchema = z
  .object({
    grant: attemptGrantSchema,
    attemptsUsed: z.number().int(),
    attemptsGranted: z.number().int(),
    attemptsLeft: z.number().int(),
  })
  .meta({ id: 'GrantResult' })
export type GrantResult = z.infer<typeof grantResultSchema>
