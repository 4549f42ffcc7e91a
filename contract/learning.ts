import { z } from 'zod'
import { id, repeatedQuery } from './content.ts'
import { text } from './text.ts'
import { COMMENT_MAX } from './rules.ts'
import { type ReviewItem, type SubmitInput, attemptAdditions, reviewItemSchema, reviewLevelSchema, submitInput } from './assessment.ts'

export const TARGET_TYPES = ['PACKAGE', 'SKILL'] as const
export type TargetType = (typeof TARGET_TYPES)[number]

const targetType = z
  .string({ error: 'targetType is required' })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(TARGET_TYPES, { error: 'targetType must be PACKAGE or SKILL' }))

const stars = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number from 1 to 5` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be from 1 to 5`)
    .max(5, `${field} must be from 1 to 5`)

const reviewText = text('reviewText', { max: 2000, multiline: true, tooLong: 'Your review must be at most 2000 characters' })

export const reviewInput = z.object({
  targetType,
  targetId: id,
  presentationRating: stars('presentationRating'),
  reviewText: reviewText.default(''),
  /** Always 5 from the SPA; kept for compatibility (docs/product.md#ratings-comments-and-reviews). */
  rating: stars('rating').default(5),
})
export type ReviewInput = z.input<typeof reviewInput>

export const reviewUpdate = z.object({
  presentationRating: stars('presentationRating').optional(),
  reviewText: reviewText.optional(),
})

export const targetQuery = z.object({ targetType, targetId: id })
/** `?targetType=PACKAGE&targetIds=1&targetIds=2`: the review summaries of a catalogue page. */
export const targetSummariesQuery = z.object({ targetType, targetIds: repeatedQuery(z.array(id).max(1000)) })

export const reviewSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    userName: z.string(),
    targetType: z.enum(TARGET_TYPES),
    targetId: z.number().int(),
    presentationRating: z.number().int(),
    rating: z.number().int(),
    reviewText: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Review' })
export type Review = z.infer<typeof reviewSchema>

export const reviewSummarySchema = z.object({ averageRating: z.number(), totalReviews: z.number().int() }).meta({ id: 'ReviewSummary' })
export type ReviewSummary = z.infer<typeof reviewSummarySchema>

export { COMMENT_MAX } from './rules.ts'

export const commentInput = z.object({
  videoId: id,
  comment: text('comment', {
    max: COMMENT_MAX,
    required: 'Please provide both rating and comment',
    multiline: true,
    tooLong: `A comment must be at most ${COMMENT_MAX} characters`,
  }),
  rating: stars('rating'),
})
export const commentUpdate = z.object({
  comment: text('comment', {
    max: COMMENT_MAX,
    required: 'The comment must not be blank',
    multiline: true,
    tooLong: `A comment must be at most ${COMMENT_MAX} characters`,
  }).optional(),
  rating: stars('rating').optional(),
})

export const commentSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    userName: z.string(),
    videoId: z.number().int(),
    comment: z.string(),
    rating: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Comment' })
export type Comment = z.infer<typeof commentSchema>

export const commentSummarySchema = z.object({ totalComments: z.number().int(), averageRating: z.number() }).meta({ id: 'CommentSummary' })
export type CommentSummary = z.infer<typeof commentSummarySchema>

const count = z.number().int()
export const ratingDistributionSchema = z
  .object({ ratingCounts: z.object({ '1': count, '2': count, '3': count, '4': count, '5': count }) })
  .meta({ id: 'RatingDistribution' })
export type RatingDistribution = z.infer<typeof ratingDistributionSchema>

/**
 * A test submission: `{sittingId, answers?, submissionId?}`, or the legacy `{subTopicIds, answers}`.
 * Scores are computed on the server only.
 */
export const attemptInput = submitInput
export type AttemptInput = SubmitInput

export const mcqAttemptSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    subTopicId: z.number().int(),
    attemptNumber: z.number().int(),
    totalMarks: z.number().int(),
    attemptedAt: z.string(),
    ...attemptAdditions,
  })
  .meta({ id: 'McqAttempt' })
export type McqAttempt = z.infer<typeof mcqAttemptSchema>

/**
 * An attempt in a list (history, a user's recent attempts), with the title of its sub-topic. The lists hold graded
 * test attempts only: practice runs ('Practise my mistakes') are left out (getById still reads one).
 */
export const listedAttemptSchema = mcqAttemptSchema.extend({ subTopicTitle: z.string() }).meta({ id: 'ListedMcqAttempt' })
export type ListedAttempt = z.infer<typeof listedAttemptSchema>

export type AttemptReviewItem = ReviewItem

/** An attempt read alone (getById): the attempt and what its review policy allows of its questions. */
export const attemptDetailSchema = mcqAttemptSchema.extend({ review: z.array(reviewItemSchema) }).meta({ id: 'McqAttemptDetail' })
export type AttemptDetail = z.infer<typeof attemptDetailSchema>

export const attemptResultSchema = z
  .object({
    /** Left out where the review policy is 'never'. */
    score: z.number().optional(),
    totalMarks: z.number().int(),
    /** Every attempt of the submission passed; left out where the policy is 'never'. */
    passed: z.boolean().optional(),
    late: z.boolean(),
    practice: z.boolean(),
    /** The strictest level among the attempts' sub-topics. */
    reviewLevel: reviewLevelSchema,
    attempts: z.array(mcqAttemptSchema),
    review: z.array(reviewItemSchema),
  })
  .meta({ id: 'AttemptResult' })
export type AttemptResult = z.infer<typeof attemptResultSchema>
