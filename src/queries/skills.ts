import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { SkillWithTopics } from '../../contract/content.ts'
import { api, unwrap } from '../api/client.ts'

export const skillKeys = {
  all: ['skills'] as const,
  topicsAll: () => [...skillKeys.all, 'topics'] as const,
  /** A skill with its package's title and its topics and sub-topics (the topic editor). */
  topics: (skillId: number) => [...skillKeys.topicsAll(), skillId] as const,
}

const getSkillTopics = (skillId: number) => unwrap(api.skills.skills[':id'].topics.$get({ param: { id: String(skillId) } }))

/** The topic editor's and Upload Content's text; the learner's skill results override it with 'Failed to fetch topics or attempts'. */
export const skillTopicsQueryOptions = (skillId: number) =>
  queryOptions({
    queryKey: skillKeys.topics(skillId),
    queryFn: () => getSkillTopics(skillId),
    meta: { errorMessage: 'Failed to fetch topics' },
  })

/**
 * A package's detail tree holds its skills' topics and sub-topics (packages.ts: `packageKeys.detail(id)`;
 * the package list holds skills only). Without the package id, every package detail.
 */
export const packageDetailKey = (packageId?: number) =>
  packageId === undefined ? (['packages', 'detail'] as const) : (['packages', 'detail', packageId] as const)

/** After a change to a skill's topics or sub-topics: refetch that skill's topics and its package's tree. */
export function invalidateSkillContent(queryClient: QueryClient, skillId: number) {
  const packageId = queryClient.getQueryData<SkillWithTopics>(skillKeys.topics(skillId))?.packageId
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: skillKeys.topics(skillId) }),
    queryClient.invalidateQueries({ queryKey: packageDetailKey(packageId) }),
  ])
}
