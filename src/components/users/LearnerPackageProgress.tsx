import { Skeleton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { learnerPackageProgressQueryOptions } from '../../queries/progress.ts'
import { CompletionBar, subTopicsText } from '../ui/CompletionBar.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

/** How far a learner has got in one of their packages, on their detail page. */
export function LearnerPackageProgress({ userId, packageId, title }: { userId: number; packageId: number; title: string }) {
  const progress = useQuery(learnerPackageProgressQueryOptions(packageId, userId))
  if (progress.isPending) return <Skeleton height={20} aria-label={`Loading progress in ${title}`} />
  if (progress.isError)
    return (
      <LoadFailed onRetry={() => void progress.refetch()} retrying={progress.isFetching}>
        Progress could not be loaded.
      </LoadFailed>
    )
  const p = progress.data
  return <CompletionBar percent={p.percent} label={`Progress in ${title}`} detail={subTopicsText(p)} />
}
