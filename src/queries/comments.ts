import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'

/** Comments on videos, with their 1–5 ratings: summary, distribution and the paged list. */

/** Comments come 5 at a time, from page 0. */
const COMMENTS_PAGE_SIZE = 5

export const commentKeys = {
  all: ['comments'] as const,
  /** Everything cached about one video's comments. */
  video: (videoId: number) => [...commentKeys.all, 'video', videoId] as const,
  summary: (videoId: number) => [...commentKeys.video(videoId), 'summary'] as const,
  ratings: (videoId: number) => [...commentKeys.video(videoId), 'ratings'] as const,
  pages: (videoId: number) => [...commentKeys.video(videoId), 'pages'] as const,
}

/** Comments are fetched only for a real (numeric) video id. */
export const isVideoId = (videoId: unknown): videoId is number => typeof videoId === 'number' && Number.isInteger(videoId) && videoId > 0

const getCommentSummary = (videoId: number) => unwrap(api.comments.summary[':videoId'].$get({ param: { videoId: String(videoId) } }))
const getRatingDistribution = (videoId: number) => unwrap(api.comments.ratings[':videoId'].$get({ param: { videoId: String(videoId) } }))
export const postComment = (json: { videoId: number; comment: string; rating: number }) => unwrap(api.comments.$post({ json }))
const putComment = ({ id, comment, rating }: { id: number; videoId: number; comment: string; rating: number }) =>
  unwrap(api.comments[':id'].$put({ param: { id: String(id) }, json: { comment, rating } }))
const deleteComment = ({ id }: { id: number; videoId: number }) => unwrap(api.comments[':id'].$delete({ param: { id: String(id) } }))

export const commentSummaryQueryOptions = (videoId: number) =>
  queryOptions({ queryKey: commentKeys.summary(videoId), queryFn: () => getCommentSummary(videoId), enabled: isVideoId(videoId) })

export const ratingDistributionQueryOptions = (videoId: number) =>
  queryOptions({ queryKey: commentKeys.ratings(videoId), queryFn: () => getRatingDistribution(videoId), enabled: isVideoId(videoId) })

/** Newest first, 5 per page from page 0; more pages until the server flags `last`. */
export const commentPagesQueryOptions = (videoId: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.pages(videoId),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.comments.video[':videoId'].paged.$get(
          { param: { videoId: String(videoId) }, query: { page: String(pageParam), size: String(COMMENTS_PAGE_SIZE) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.last ? undefined : lastPageParam + 1),
    enabled: isVideoId(videoId),
  })

/** POST /comments: refreshes that video's summary, distribution and comment pages. */
export function usePostComment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postComment,
    onSuccess: (_comment, { videoId }) => queryClient.invalidateQueries({ queryKey: commentKeys.video(videoId) }),
    meta: { successMessage: 'Comment submitted', errorMessage: 'Failed to submit comment', errorReason: 'description' },
  })
}

/** PUT /comments/{id} (the author's own): refreshes that video's summary, distribution and comment pages. */
export function useUpdateComment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: putComment,
    onSuccess: (_comment, { videoId }) => queryClient.invalidateQueries({ queryKey: commentKeys.video(videoId) }),
    meta: { successMessage: 'Comment updated', errorMessage: 'Failed to update comment', errorReason: 'description' },
  })
}

/** DELETE /comments/{id} (the author's own, or any for an admin): refreshes that video's summary, distribution and pages. */
export function useDeleteComment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_none, { videoId }) => queryClient.invalidateQueries({ queryKey: commentKeys.video(videoId) }),
    meta: { successMessage: 'Comment deleted', errorMessage: 'Failed to delete comment', errorReason: 'description' },
  })
}
