import { createFileRoute } from '@tanstack/react-router'
import { idListParams, objectOf, optionalChoice } from '../../../lib/route-schemas.ts'
import { McqTest, McqTestLoadError, McqTestPending } from '../../../components/quiz/McqTest.tsx'
import { subTopicsByIdsQueryOptions } from '../../../queries/subtopics.ts'
import { testSettingsQueryOptions } from '../../../queries/test-settings.ts'
import { neededWithExtra } from '../../../lib/load-queries.ts'

/** `?mode=mistakes` opens a 'Practise my mistakes' sitting instead of a test. */
const testSearch = objectOf({ mode: optionalChoice(['mistakes'] as const) })

export const Route = createFileRoute('/_shell/mcq-test/$subTopicIds')({
  params: idListParams('subTopicIds'),
  validateSearch: testSearch,
  // The sitting itself starts in the page, never from a preloaded link. A single sub-topic's settings give the
  // attempt counter; the titles only label the page (when they fail, the page says so).
  loader: ({ context: { queryClient }, params }) =>
    params.subTopicIds.length === 1
      ? neededWithExtra(
          queryClient.query({ ...testSettingsQueryOptions(params.subTopicIds[0]!), staleTime: 'static' }),
          queryClient.query({ ...subTopicsByIdsQueryOptions(params.subTopicIds), staleTime: 'static' }),
        )
      : queryClient.query({ ...subTopicsByIdsQueryOptions(params.subTopicIds), staleTime: 'static' }).catch(() => undefined),
  pendingComponent: McqTestPending,
  errorComponent: McqTestLoadError,
  component: McqTestRoute,
})

function McqTestRoute() {
  const { subTopicIds } = Route.useParams()
  const mode = Route.useSearch().mode ?? 'test'
  return <McqTest key={`${subTopicIds.join(',')}:${mode}`} subTopicIds={subTopicIds} mode={mode} />
}
