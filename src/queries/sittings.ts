import { queryOptions, useMutation } from '@tanstack/react-query'
import type { AutosaveInput, SittingMode } from '../../contract/assessment.ts'
import { api, unwrap } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'

/**
 * Sittings held on the server: starting one pins its questions, their order and its deadline; answers are
 * autosaved into it; submitting grades it once.
 */

export const sittingKeys = {
  all: ['sittings'] as const,
  /** The open sitting of this set of sub-topics (starting again while one is open returns it, saved answers included). */
  open: (subTopicIds: number[], mode: SittingMode) => [...sittingKeys.all, 'open', mode, subTopicIds] as const,
}

/** POST /mcq-attempts/start; null when the sub-topics have no questions yet (the server answers 400). */
async function startSitting(subTopicIds: number[], mode: SittingMode) {
  try {
    return await unwrap(api['mcq-attempts'].start.$post({ json: { subTopicIds, mode } }))
  } catch (error) {
    if (mode === 'test' && error instanceof ApiError && error.status === 400) return null
    throw error
  }
}

/**
 * The sitting a test screen shows. Starting is not a plain read, so the answer is kept until the screen drops it
 * (after grading, or for 'Retake Test'): it is never refetched on focus or by preloading a link.
 */
export const openSittingQueryOptions = (subTopicIds: number[], mode: SittingMode) =>
  queryOptions({
    queryKey: sittingKeys.open(subTopicIds, mode),
    queryFn: () => startSitting(subTopicIds, mode),
    staleTime: 'static',
    retry: false,
    meta: { errorMessage: 'Failed to load MCQs', errorReason: 'description' },
  })

/** PUT /mcq-attempts/sittings/{id}/answers: the autosave. Its failures show on the screen, not as toasts. */
const saveAnswers = ({ sittingId, answers }: { sittingId: string } & AutosaveInput) =>
  unwrap(api['mcq-attempts'].sittings[':sittingId'].answers.$put({ param: { sittingId }, json: { answers } }))

export function useAutosaveAnswers() {
  return useMutation({ mutationFn: saveAnswers })
}
