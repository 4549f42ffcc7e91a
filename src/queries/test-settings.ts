import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TestSettingsInput } from '../../contract/assessment.ts'
import { api, unwrap } from '../api/client.ts'

/** A sub-topic's test settings (admins edit them; a learner's copy adds attemptsUsed and attemptsLeft). */

export const testSettingsKeys = {
  all: ['testSettings'] as const,
  detail: (subTopicId: number) => [...testSettingsKeys.all, subTopicId] as const,
}

/** GET /subTopic/{id}/test-settings */
const getTestSettings = (subTopicId: number) => unwrap(api.subTopic[':id']['test-settings'].$get({ param: { id: String(subTopicId) } }))

/** PUT /subTopic/{id}/test-settings (admins). */
const putTestSettings = ({ subTopicId, settings }: { subTopicId: number; settings: TestSettingsInput }) =>
  unwrap(api.subTopic[':id']['test-settings'].$put({ param: { id: String(subTopicId) }, json: settings }))

export const testSettingsQueryOptions = (subTopicId: number) =>
  queryOptions({
    queryKey: testSettingsKeys.detail(subTopicId),
    queryFn: () => getTestSettings(subTopicId),
    meta: { errorMessage: 'Failed to load test settings' },
  })

/** Saves a sub-topic's test settings; its cached copy takes the saved values. */
export function useSaveTestSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: putTestSettings,
    onSuccess: (saved, { subTopicId }) => {
      queryClient.setQueryData(testSettingsKeys.detail(subTopicId), saved)
      return queryClient.invalidateQueries({ queryKey: testSettingsKeys.detail(subTopicId) })
    },
    meta: { successMessage: 'Test settings saved', errorMessage: 'Failed to save test settings', errorReason: 'description' },
  })
}
