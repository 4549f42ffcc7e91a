import { z } from 'zod'
import { id, repeatedQuery } from './content.ts'

export const TARGET_TYPES = ['PACKAGE', 'SKILL'] as const
export type TargetType = (typeof TARGET_TYPES)[number]

const targetType = z
  .string({ error: 'targetType is required' })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(TARGET_TYPES, { error: 'targetType must be PACKAGE or SKILL' }))

const stars = (field: string) =>
  z.coerce.number({ error: `${field} must be a number from 1 to 5` }).int(`${field} must be a whole number`).min(1, `${field} must be from 1 to 5`).max(5, `${field} must be from 1 to 5`)

export const reviewInput = z.object({
  targetType,
  targetId: id,
  presentationRating: stars('presentationRating'),
  reviewText: z.string().trim().max(2000, 'Your review must be at most 2000 characters').default(''),
  /** Always 5 from the SPA (SPEC.md §9); kept for compatibility. */
  rating: stars('rating').default(5),
})
export type ReviewInput = z.input<typeof reviewInput>

export const reviewUpdate = z.object({
  presentationRating: stars('presentationRating').optional(),
  reviewText: z.string().trim().max(2000).optional(),
})

export const targetQuery = z.object({ targetType, targetId: id })
/** `?targetType=PACKAGE&targetIds=1&targetIds=2`: the review summaries of a catalogue page. */
export const targetSummariesQuery = z.object({ targetType, targetIds: repeatedQuery(z.array(id).max(1000)) })

export interface Review {
  id: number
  userId: number
  userName: string
  targetType: TargetType
  targetId: number
  presentationRating: number
  rating: number
  reviewText: string
  createdAt: string
}

export interface ReviewSummary {
  averageRating: number
  totalReviews: number
}

export const COMMENT_MAX = 2000

export const commentInput = z.object({
  videoId: id,
  comment: z.string({ error: 'Please provide both rating and comment' }).trim().min(1, 'Please provide both rating and comment').max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters`),
  rating: stars('rating'),
})
export const commentUpdate = z.object({
  comment: z.string().trim().min(1, 'The comment must not be blank').max(COMMENT_MAX).optional(),
  rating: stars('rating').optional(),
})

export interface Comment {
  id: number
  userId: number
  userName: string
  videoId: number
  comment: string
  rating: number
  createdAt: string
}

export interface CommentSummary {
  totalComments: number
  averageRating: number
}

export interface RatingDistribution {
  ratingCounts: Record<'1' | '2' | '3' | '4' | '5', number>
}

/** A test submission: the chosen letters per question id. Scores are computed on the server only. */
export const attemptInput = z.object({
  subTopicIds: z.array(id).min(1, 'subTopicIds is required').max(500),
  answers: z.record(z.string().regex(/^\d+$/, 'answers keys are question ids'), z.array(z.string().trim().toUpperCase().regex(/^[A-D]$/, 'answers are letters A-D')).max(4)),
  /** A client-generated id; submitting the same one again returns the stored result instead of a new attempt. */
  submissionId: z.string().trim().min(8).max(64).optional(),
})
export type AttemptInput = z.input<typeof attemptInput>

export interface McqAttempt {
  id: number
  userId: number
  subTopicId: number
  attemptNumber: number
  score: number
  totalMarks: number
  attemptedAt: string
}

export interface AttemptReviewItem {
  mcqId: number
  chosen: string[]
  correctOption: string
  correct: boolean
}

export interface AttemptResult {
  score: number
  totalMarks: number
  attempts: McqAttempt[]
  review: AttemptReviewItem[]
}
