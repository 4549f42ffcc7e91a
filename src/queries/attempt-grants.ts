import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { GrantInput } from '../../contract/assessment.ts'
import { api, unwrap } from '../api/client.ts'
import { attemptKeys } from './attempts.ts'
import { sittingKeys } from './sittings.ts'
import { testSettingsKeys } from './test-settings.ts'

/** Extra attempts an admin gave a learner at a test with an attempt limit (admins only). */

export const grantKeys = {
  all: ['attemptGrants'] as const,
  /** One learner's grants, newest first. */
  byUser: (userId: number) => [...grantKeys.all, 'byUser', userId] as const,
}

/** GET /mcq-attempts/grants?userId= */
const getGrants = (userId: number) => unwrap(api['mcq-attempts'].grants.$get({ query: { userId: String(userId) } }))

export const grantsByUserQueryOptions = (userId: number) =>
  queryOptions({ queryKey: grantKeys.byUser(userId), queryFn: () => getGrants(userId) })

/** POST /mcq-attempts/grants */
const grantAttempt = (json: GrantInput) => unwrap(api['mcq-attempts'].grants.$post({ json }))

/** Gives a learner one more attempt; the grants, attempt lists and attempt counts refetch. */
export function useGrantAttempt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: grantAttempt,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: grantKeys.all }),
        queryClient.invalidateQueries({ queryKey: attemptKeys.all }),
        queryClient.invalidateQueries({ queryKey: testSettingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...sittingKeys.all, 'overview'] }),
      ]),
    meta: { successMessage: 'One more attempt granted', errorMessage: 'Failed to grant an attempt', errorReason: 'description' },
  })
}
