import { createFileRoute } from '@tanstack/react-router'
import { idListParams, objectOf, optionalChoice } from '../../../lib/route-schemas.ts'
import { McqTest, McqTestPending } from '../../../components/quiz/McqTest.tsx'
import { RouteLoadError } from '../../../components/ui/RouteLoadError.tsx'
import { PageHeader } from '../../../components/ui/PageHeader.tsx'
import { subTopicsByIdsQueryOptions } from '../../../queries/subtopics.ts'
import { testOverviewQueryOptions } from '../../../queries/sittings.ts'
import { neededWithExtra } from '../../../lib/load-queries.ts'
import { loadSitting } from '../../../components/quiz/load-sitting.ts'

/** `?mode=mistakes` opens a 'Practise my mistakes' sitting instead of a test. */
const testSearch = objectOf({ mode: optionalChoice(['mistakes'] as const) })

export const Route = createFileRoute('/_shell/mcq-test/$subTopicIds')({
  params: idListParams('subTopicIds'),
  validateSearch: testSearch,
  loaderDeps: ({ search }) => ({ mode: search.mode ?? ('test' as const) }),
  // Only reads: what the test holds and the open sitting. A sitting starts when the learner presses Start.
  // The titles only label the page (when they fail, the page says so).
  loader: ({ context: { queryClient }, params, deps }) => {
    // A practice sitting opens without Start: its questions' code is needed at once.
    if (deps.mode === 'mistakes') void loadSitting()
    return neededWithExtra(
      queryClient.query(testOverviewQueryOptions(params.subTopicIds, deps.mode)),
      queryClient.query({ ...subTopicsByIdsQueryOptions(params.subTopicIds), staleTime: 'static' }),
    )
  },
  pendingComponent: McqTestPending,
  errorComponent: (props) => <RouteLoadError {...props} header={<PageHeader title="Test" />} failureText="Failed to load MCQs" />,
  component: McqTestRoute,
  // The loader stays in the entry: it calls the API while the screen's chunks download, not after them.
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
})

function McqTestRoute() {
  const { subTopicIds } = Route.useParams()
  const mode = Route.useSearch().mode ?? 'test'
  return <McqTest key={`${subTopicIds.join(',')}:${mode}`} subTopicIds={subTopicIds} mode={mode} />
}
