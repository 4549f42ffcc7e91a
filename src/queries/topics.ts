import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SaveTopicsInput } from '../../contract/content.ts'
import { api, unwrap } from '../api/client.ts'
import { invalidateSkillContent, packageDetailKey, skillKeys } from './skills.ts'
import { subTopicKeys } from './subtopics.ts'

const saveSkillTopics = (skillId: number, json: SaveTopicsInput) =>
  unwrap(api.topic['by-skill'][':skillId'].$put({ param: { skillId: String(skillId) }, json }))
export const deleteTopic = (id: number) => unwrap(api.topic[':id'].$delete({ param: { id: String(id) } }))

/**
 * 'Save All' of the topic editor: one PUT with the skill's whole draft. The answer is the saved skill,
 * so its topics entry is set from it; its package's tree and the sub-topic views (titles may have changed) are refreshed.
 */
export function useSaveSkillTopics(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SaveTopicsInput) => saveSkillTopics(skillId, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(skillKeys.topics(skillId), saved)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: packageDetailKey(saved.packageId) }),
        queryClient.invalidateQueries({ queryKey: subTopicKeys.details() }),
      ])
    },
    meta: { successMessage: 'Topics & Subtopics saved!', errorMessage: 'Failed to save topics' },
  })
}

/** DELETE /topic/{id} (its sub-topics go with it): refreshes the skill's topics, its package's tree and the sub-topic views. */
export function useDeleteTopic(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTopic,
    onSuccess: () =>
      Promise.all([invalidateSkillContent(queryClient, skillId), queryClient.invalidateQueries({ queryKey: subTopicKeys.details() })]),
    meta: { successMessage: 'Topic deleted', errorMessage: 'Failed to delete topic', errorReason: 'title' },
  })
}
