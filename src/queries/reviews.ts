import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReviewInput, ReviewSummary, TargetType } from '../../contract/learning.ts'
import { api, unwrap } from '../api/client.ts'

/** Reviews of packages and skills (the "feedback" feature) and their rating summaries. */

export const reviewKeys = {
  all: ['reviews'] as const,
  /** Every batch of summaries of one target type (the catalogue asks for one batch per type). */
  summariesOf: (targetType: TargetType) => [...reviewKeys.all, 'summaries', targetType] as const,
  summaries: (targetType: TargetType, targetIds: readonly number[]) => [...reviewKeys.summariesOf(targetType), targetIds] as const,
  summary: (targetType: TargetType, targetId: number) => [...reviewKeys.all, 'summary', targetType, targetId] as const,
  /** The reviews of one target, newest first. */
  list: (targetType: TargetType, targetId: number) => [...reviewKeys.all, 'target', targetType, targetId] as const,
}

/** The server's limit on ids per summaries call. */
const SUMMARIES_BATCH = 500

const getReviewSummary = (targetType: TargetType, targetId: number) =>
  unwrap(api.reviews.summary.$get({ query: { targetType, targetId: String(targetId) } }))
const getReviews = (targetType: TargetType, targetId: number) =>
  unwrap(api.reviews.target.$get({ query: { targetType, targetId: String(targetId) } }))

/** GET /reviews/summaries?targetType&targetIds=1&targetIds=2: one call per 500 ids, merged into {id: summary}. */
async function getReviewSummaries(targetType: TargetType, targetIds: readonly number[]): Promise<Record<number, ReviewSummary>> {
  const batches: number[][] = []
  for (let i = 0; i < targetIds.length; i += SUMMARIES_BATCH) batches.push(targetIds.slice(i, i + SUMMARIES_BATCH))
  const answers = await Promise.all(
    batches.map((ids) => unwrap(api.reviews.summaries.$get({ query: { targetType, targetIds: ids.map(String) } }))),
  )
  return Object.assign({}, ...answers) as Record<number, ReviewSummary>
}

const submitReview = (json: ReviewInput) => unwrap(api.reviews.$post({ json }))

/** The summaries of many targets in one request (ids sorted, so the same set shares one cache entry). */
export const reviewSummariesQueryOptions = (targetType: TargetType, targetIds: readonly number[]) => {
  const ids = [...new Set(targetIds)].sort((a, b) => a - b)
  return queryOptions({
    queryKey: reviewKeys.summaries(targetType, ids),
    queryFn: () => getReviewSummaries(targetType, ids),
    enabled: ids.length > 0,
  })
}

export const reviewSummaryQueryOptions = (targetType: TargetType, targetId: number) =>
  queryOptions({ queryKey: reviewKeys.summary(targetType, targetId), queryFn: () => getReviewSummary(targetType, targetId) })

export const reviewsQueryOptions = (targetType: TargetType, targetId: number) =>
  queryOptions({
    queryKey: reviewKeys.list(targetType, targetId),
    queryFn: () => getReviews(targetType, targetId),
    meta: { errorMessage: 'Failed to load reviews' },
  })

interface ReviewDraft {
  targetType: TargetType
  targetId: number
  presentationRating: number
  reviewText: string
}

/**
 * POST /reviews (one review per learner and target: posting again updates it). `rating` is always 5
 * (docs/product.md#ratings-comments-and-reviews). Refreshes that target's summary, its review list and the summary batches holding it.
 */
export function useSubmitReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (draft: ReviewDraft) => submitReview({ ...draft, reviewText: draft.reviewText.trim(), rating: 5 }),
    onSuccess: (_review, { targetType, targetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.summary(targetType, targetId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.list(targetType, targetId) }),
        queryClient.invalidateQueries({
          queryKey: reviewKeys.summariesOf(targetType),
          predicate: (query) => ((query.queryKey[3] as readonly number[] | undefined) ?? []).includes(targetId),
        }),
      ]),
    meta: { successMessage: 'Review submitted!', errorMessage: 'Failed to submit review', errorReason: 'description' },
  })
}
