import { z } from 'zod'
import { reviewItemSchema, sittingOptionSchema } from './assessment.ts'
import { mcqAttemptSchema } from './learning.ts'

/**
 * GET /mcq-attempts/{id}/review: a past attempt as its review policy lets it be seen now, the same as right after
 * submitting. Questions (with the learner's choices, and the keys and explanations where allowed) only from the
 * 'answers' level up; below it the list is empty.
 */
export const reviewedQuestionSchema = z
  .object({
    id: z.number().int(),
    subTopicId: z.number().int(),
    question: z.string(),
    /** In the order the learner saw them, each with its stored key. */
    options: z.array(sittingOptionSchema),
    review: reviewItemSchema,
  })
  .meta({ id: 'ReviewedQuestion' })
export type ReviewedQuestion = z.infer<typeof reviewedQuestionSchema>

export const attemptReviewSchema = z
  .object({
    attempt: mcqAttemptSchema.extend({ subTopicTitle: z.string() }),
    questions: z.array(reviewedQuestionSchema),
  })
  .meta({ id: 'AttemptReview' })
export type AttemptReview = z.infer<typeof attemptReviewSchema>
