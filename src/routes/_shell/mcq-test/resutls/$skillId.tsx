import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { SkillResults, SkillResultsPending } from '../../../../components/quiz/SkillResults.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { loadSkillResults } from '../../../../queries/skill-results.ts'

/** MCQ Results of a skill. The path is spelled 'resutls', as the product has always spelled it (docs/product.md#screens); `/mcq-test/results/{id}` redirects here. */
export const Route = createFileRoute('/_shell/mcq-test/resutls/$skillId')({
  params: idParams('skillId'),
  loader: ({ context, params }) => loadSkillResults(context.queryClient, params.skillId),
  pendingComponent: SkillResultsPending,
  errorComponent: (props) => (
    <RouteLoadError {...props} header={<PageHeader title="MCQ Results" />} failureText="Failed to fetch topics or attempts" />
  ),
  component: SkillResultsRoute,
})

function SkillResultsRoute() {
  const { skillId } = Route.useParams()
  return <SkillResults key={skillId} skillId={skillId} />
}
