import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AutosaveInput, SittingMode } from '../../contract/assessment.ts'
import { api, unwrap } from '../api/client.ts'

/**
 * Sittings held on the server: starting one pins its questions, their order and its deadline; answers are
 * autosaved into it; submitting grades it once. Only an explicit Start starts one: opening a test reads its overview.
 */

export const sittingKeys = {
  all: ['sittings'] as const,
  /** What a test of these sub-topics would be, and the open sitting to resume. */
  overview: (subTopicIds: number[], mode: SittingMode) => [...sittingKeys.all, 'overview', mode, subTopicIds] as const,
  /** One sitting with its saved answers. */
  detail: (sittingId: string) => [...sittingKeys.all, 'detail', sittingId] as const,
}

/** GET /mcq-attempts/overview?subTopicIds=1,2&mode */
const getOverview = (subTopicIds: number[], mode: SittingMode) =>
  unwrap(api['mcq-attempts'].overview.$get({ query: { subTopicIds: subTopicIds.join(','), mode } }))

/** Read afresh each time the page opens: the attempts left and the open sitting change in other tabs. */
export const testOverviewQueryOptions = (subTopicIds: number[], mode: SittingMode) =>
  queryOptions({
    queryKey: sittingKeys.overview(subTopicIds, mode),
    queryFn: () => getOverview(subTopicIds, mode),
    staleTime: 0,
    meta: { errorMessage: 'Failed to load MCQs', errorReason: 'description' },
  })

/** GET /mcq-attempts/sittings/{id}: a resumed sitting with its saved answers. */
const getSitting = (sittingId: string) => unwrap(api['mcq-attempts'].sittings[':sittingId'].$get({ param: { sittingId } }))

/** Kept until the screen drops it (graded, retaken or left): never refetched on focus, so ticks are not reset. */
export const sittingQueryOptions = (sittingId: string) =>
  queryOptions({
    queryKey: sittingKeys.detail(sittingId),
    queryFn: () => getSitting(sittingId),
    staleTime: 'static',
    retry: false,
    meta: { errorMessage: 'Failed to load MCQs', errorReason: 'description' },
  })

/** POST /mcq-attempts/start */
const startSitting = ({ subTopicIds, mode }: { subTopicIds: number[]; mode: SittingMode }) =>
  unwrap(api['mcq-attempts'].start.$post({ json: { subTopicIds, mode } }))

/** Starts a sitting (or the server returns the open one); the screen then reads it from the cache. */
export function useStartSitting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startSitting,
    onSuccess: (sitting) => {
      queryClient.setQueryData(sittingKeys.detail(sitting.sittingId), sitting)
      return queryClient.invalidateQueries({ queryKey: [...sittingKeys.all, 'overview'] })
    },
    meta: { errorMessage: 'Failed to start the test', errorReason: 'description' },
  })
}

/** PUT /mcq-attempts/sittings/{id}/answers: the autosave. Its failures show on the screen, not as toasts. */
const saveAnswers = ({ sittingId, answers }: { sittingId: string } & AutosaveInput) =>
  unwrap(api['mcq-attempts'].sittings[':sittingId'].answers.$put({ param: { sittingId }, json: { answers } }))

export function useAutosaveAnswers() {
  return useMutation({ mutationFn: saveAnswers })
}

/** The autosave of a page that is going away (`pagehide`): see src/api/autosave-on-leave.ts. */
export { saveAnswersOnLeave } from '../api/autosave-on-leave.ts'
