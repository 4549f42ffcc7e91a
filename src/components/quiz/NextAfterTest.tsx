import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { PackageProgress } from '../../../contract/progress.ts'
import { nextStep } from '../../lib/next-step.ts'
import { packageProgressQueryOptions } from '../../queries/progress.ts'
import { viewerTreeQueryOptions } from '../../queries/viewer.ts'
import { NextUp } from '../ui/NextUp.tsx'

const subTopicsWithTest = (progress: PackageProgress | undefined) =>
  new Set(progress?.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics.filter((u) => u.hasTest).map((u) => u.id))))

/**
 * After a passed test of one sub-topic: the package's next step ('Next: {title}', into the viewer or the next test), or
 * 'Package complete'. It only adds a way on: while it loads, or when it cannot, the result shows without it.
 */
export function NextAfterTest({ packageId, subTopicId }: { packageId: number; subTopicId: number }) {
  const tree = useQuery({ ...viewerTreeQueryOptions(packageId), meta: {} })
  const progress = useQuery(packageProgressQueryOptions(packageId))
  const withTest = useMemo(() => subTopicsWithTest(progress.data), [progress.data])
  // Submitting made the progress stale: the read under way at mount counts this pass ('Package complete').
  const current = progress.isFetchedAfterMount || !progress.isFetching
  if (!tree.data || !progress.data || !current) return null
  return (
    <NextUp
      packageId={packageId}
      after="test"
      next={nextStep(tree.data, { testOf: subTopicId }, (id) => id === subTopicId || withTest.has(id))}
      progress={progress.data}
    />
  )
}
