import type { QueryClient } from '@tanstack/react-query'
import type { SkillWithTopics } from '../../contract/content.ts'
import { attemptsBySubTopicsQueryOptions } from './attempts.ts'
import { skillTopicsQueryOptions } from './skills.ts'

/** A skill's topics as MCQ Results reads them: one failure text for the topics and the attempts. */
export const resultsTopicsQueryOptions = (skillId: number) => ({
  ...skillTopicsQueryOptions(skillId),
  meta: { errorMessage: 'Failed to fetch topics or attempts' },
})

export const subTopicIdsOf = (skill: Pick<SkillWithTopics, 'topics'>) => skill.topics.flatMap((t) => t.subTopics.map((s) => s.id))

/** MCQ Results' loader: the skill's topics, then the learner's attempts at their sub-topics. */
export async function loadSkillResults(queryClient: QueryClient, skillId: number) {
  const skill = await queryClient.query({ ...resultsTopicsQueryOptions(skillId), staleTime: 'static' })
  const ids = subTopicIdsOf(skill)
  if (ids.length > 0) await queryClient.query({ ...attemptsBySubTopicsQueryOptions(ids), staleTime: 'static' })
}
