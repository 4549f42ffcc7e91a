import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AttemptInput } from '../../contract/learning.ts'
import { api, unwrap } from '../api/client.ts'
import { progressKeys } from './progress.ts'
import { reportKeys } from './reports.ts'
import { sittingKeys } from './sittings.ts'
import { testSettingsKeys } from './test-settings.ts'
import { certificateKeys } from './certificate-standing.ts'

/** The signed-in learner's own test attempts (the server never mixes in anyone else's). */

export const attemptKeys = {
  all: ['attempts'] as const,
  /** One sub-topic's attempts, newest first (the attempt history). */
  bySubTopic: (subTopicId: number) => [...attemptKeys.all, 'bySubTopic', subTopicId] as const,
  /** The attempts of several sub-topics at once (a skill's results). */
  bySubTopics: (subTopicIds: number[]) => [...attemptKeys.all, 'bySubTopics', subTopicIds] as const,
  /** Every attempt of one user (admins, on the user detail page). */
  byUser: (userId: number) => [...attemptKeys.all, 'byUser', userId] as const,
  /** One past attempt's review. */
  review: (attemptId: number) => [...attemptKeys.all, 'review', attemptId] as const,
}

/** GET /mcq-attempts/bySubTopic?subTopicId */
const getAttemptsBySubTopic = (subTopicId: number) =>
  unwrap(api['mcq-attempts'].bySubTopic.$get({ query: { subTopicId: String(subTopicId) } }))

/** GET /mcq-attempts/byMultipleSubTopicIds?ids=1,2,3 (one comma list). */
const getAttemptsBySubTopics = (subTopicIds: number[]) =>
  unwrap(api['mcq-attempts'].byMultipleSubTopicIds.$get({ query: { ids: subTopicIds.join(',') } }))

export const attemptsBySubTopicQueryOptions = (subTopicId: number) =>
  queryOptions({
    queryKey: attemptKeys.bySubTopic(subTopicId),
    queryFn: () => getAttemptsBySubTopic(subTopicId),
    meta: { errorMessage: 'Failed to fetch attempt history' },
  })

export const attemptsBySubTopicsQueryOptions = (subTopicIds: number[]) =>
  queryOptions({
    queryKey: attemptKeys.bySubTopics(subTopicIds),
    queryFn: () => getAttemptsBySubTopics(subTopicIds),
    meta: { errorMessage: 'Failed to fetch topics or attempts' },
  })

/** GET /mcq-attempts/byUser?userId (admins may name any user). */
const getAttemptsByUser = (userId: number) => unwrap(api['mcq-attempts'].byUser.$get({ query: { userId: String(userId) } }))

export const attemptsByUserQueryOptions = (userId: number) =>
  queryOptions({ queryKey: attemptKeys.byUser(userId), queryFn: () => getAttemptsByUser(userId) })

/** GET /mcq-attempts/{id}/review: the attempt and, as its review policy allows now, its questions. */
const getAttemptReview = (attemptId: number) => unwrap(api['mcq-attempts'][':id'].review.$get({ param: { id: String(attemptId) } }))

export const attemptReviewQueryOptions = (attemptId: number) =>
  queryOptions({
    queryKey: attemptKeys.review(attemptId),
    queryFn: () => getAttemptReview(attemptId),
    meta: { errorMessage: 'Failed to load the attempt' },
  })

/** POST /mcq-attempts/create: the answers go to the server, which grades them and stores one attempt per sub-topic. */
const submitAttempt = (json: AttemptInput) => unwrap(api['mcq-attempts'].create.$post({ json }))

/**
 * A fresh id for one sitting of a test. Repeating it (a retry, a double click) returns the stored result
 * instead of a second attempt. `randomUUID` exists only in secure contexts, so plain-http installs use random bytes.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Submits a test (a sitting); afterwards every attempt list (history, skill results), the attempt counts, the test
 * overviews, the reports, the learning progress (a pass completes a sub-topic) and the certificates (completing the
 * package issues one) refetch.
 */
export function useSubmitAttempt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitAttempt,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attemptKeys.all }),
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        queryClient.invalidateQueries({ queryKey: testSettingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...sittingKeys.all, 'overview'] }),
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
        queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
      ]),
    meta: { successMessage: 'Test submitted and result saved!', errorMessage: 'Failed to save test attempt', errorReason: 'description' },
  })
}
