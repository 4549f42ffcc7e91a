import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { SubTopic } from '../../contract/content.ts'
import { call } from '../api/client.ts'
import { invalidateSkillContent } from './skills.ts'

/** A sub-topic with its topic's title and description (GET /subTopic/{id}). */
export interface SubTopicDetail extends SubTopic {
  topicTitle: string
  topicDescription: string
}

export const subTopicKeys = {
  all: ['subTopics'] as const,
  details: () => [...subTopicKeys.all, 'detail'] as const,
  detail: (id: number) => [...subTopicKeys.details(), id] as const,
  byIdsAll: () => [...subTopicKeys.all, 'byIds'] as const,
  /** Several sub-topics by id, in the order asked (the question table's titles). */
  byIds: (ids: number[]) => [...subTopicKeys.byIdsAll(), ids] as const,
}

export const getSubTopic = (id: number) => call<SubTopicDetail>('get', `/subTopic/${id}`)
export const deleteSubTopic = (id: number) => call<null>('delete', `/subTopic/${id}`)

/** GET /subTopic/getByIds?subTopicIds=1&subTopicIds=2: the ones that exist, in the order asked. */
export const getSubTopicsByIds = (ids: number[]) =>
  call<SubTopicDetail[]>('get', '/subTopic/getByIds', { searchParams: new URLSearchParams(ids.map((id) => ['subTopicIds', String(id)])) })

export const subTopicsByIdsQueryOptions = (ids: number[]) => queryOptions({ queryKey: subTopicKeys.byIds(ids), queryFn: () => getSubTopicsByIds(ids) })

export const subTopicQueryOptions = (id: number) => queryOptions({ queryKey: subTopicKeys.detail(id), queryFn: () => getSubTopic(id) })

/** DELETE /subTopic/{id} of a skill's topic: drops the sub-topic's own entry, refreshes the skill's topics and its package's tree. */
export function useDeleteSubTopic(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSubTopic,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: subTopicKeys.detail(id), exact: true })
      return invalidateSkillContent(queryClient, skillId)
    },
  })
}
