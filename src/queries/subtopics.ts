import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'
import { invalidateSkillContent } from './skills.ts'

export const subTopicKeys = {
  all: ['subTopics'] as const,
  details: () => [...subTopicKeys.all, 'detail'] as const,
  detail: (id: number) => [...subTopicKeys.details(), id] as const,
  byIdsAll: () => [...subTopicKeys.all, 'byIds'] as const,
  /** Several sub-topics by id, in the order asked (the question table's titles). */
  byIds: (ids: number[]) => [...subTopicKeys.byIdsAll(), ids] as const,
}

/** GET /subTopic/{id}: the sub-topic with its topic's title and description. */
const getSubTopic = (id: number) => unwrap(api.subTopic[':id'].$get({ param: { id: String(id) } }))
export const deleteSubTopic = (id: number) => unwrap(api.subTopic[':id'].$delete({ param: { id: String(id) } }))

/** GET /subTopic/getByIds?subTopicIds=1&subTopicIds=2: the ones that exist, in the order asked. */
export const getSubTopicsByIds = (ids: number[]) => unwrap(api.subTopic.getByIds.$get({ query: { subTopicIds: ids.map(String) } }))

/** The admin question table's titles ('Failed to fetch subtopic details'). */
export const subTopicsByIdsQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: subTopicKeys.byIds(ids),
    queryFn: () => getSubTopicsByIds(ids),
    meta: { errorMessage: 'Failed to fetch subtopic details' },
  })

/** The admin sub-topic view's text ('Failed to fetch subtopic'). */
export const subTopicQueryOptions = (id: number) =>
  queryOptions({ queryKey: subTopicKeys.detail(id), queryFn: () => getSubTopic(id), meta: { errorMessage: 'Failed to fetch subtopic' } })

/**
 * After a video or study material of a sub-topic changes: the skill's topics (the Upload Content page),
 * its package's tree, and the sub-topic's own views (GET /subTopic/{id}, getByIds lists holding it).
 */
export function invalidateSubTopicMedia(queryClient: QueryClient, skillId: number, subTopicId: number) {
  return Promise.all([
    invalidateSkillContent(queryClient, skillId),
    queryClient.invalidateQueries({ queryKey: subTopicKeys.detail(subTopicId), exact: true }),
    queryClient.invalidateQueries({
      queryKey: subTopicKeys.byIdsAll(),
      predicate: (query) => ((query.queryKey[2] as number[] | undefined) ?? []).includes(subTopicId),
    }),
  ])
}

/** DELETE /subTopic/{id} of a skill's topic: drops the sub-topic's own entry, refreshes the skill's topics and its package's tree. */
export function useDeleteSubTopic(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSubTopic,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: subTopicKeys.detail(id), exact: true })
      return invalidateSkillContent(queryClient, skillId)
    },
    meta: { successMessage: 'SubTopic deleted', errorMessage: 'Failed to delete sub-topic', errorReason: 'title' },
  })
}
