import { createFileRoute, notFound } from '@tanstack/react-router'
import { objectOf, routeId as id } from '../../../../lib/route-schemas.ts'
import { SkillResults } from '../../../../components/quiz/SkillResults.tsx'
import { skillTopicsQueryOptions } from '../../../../queries/skills.ts'

/** MCQ Results of a skill. The path is spelled 'resutls', as SPEC.md gives it; `/mcq-test/results/{id}` redirects here. */
export const Route = createFileRoute('/_shell/mcq-test/resutls/$skillId')({
  params: {
    parse: ({ skillId }) => {
      const parsed = objectOf({ skillId: id }).safeParse({ skillId })
      if (!parsed.success) throw notFound()
      return parsed.data
    },
    stringify: ({ skillId }) => ({ skillId: String(skillId) }),
  },
  loader: ({ context, params }) => {
    void context.queryClient.query(skillTopicsQueryOptions(params.skillId)).catch(() => undefined)
  },
  component: SkillResultsPage,
})

function SkillResultsPage() {
  const { skillId } = Route.useParams()
  return <SkillResults key={skillId} skillId={skillId} />
}
