import { Group, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { reviewSummaryQueryOptions } from '../../../queries/reviews.ts'
import { Stars } from '../../ui/Stars.tsx'

/**
 * The package's rating under the viewer's title. It reads the summary itself, so its answer renders this line alone,
 * not the whole viewer; while it loads, the line keeps its place (a skeleton, hidden from assistive technology), so nothing below moves when it arrives.
 */
export function PackageRating({ packageId }: { packageId: number }) {
  const rating = useQuery(reviewSummaryQueryOptions('PACKAGE', packageId))
  if (!rating.data && !rating.isPending) return null
  return (
    // Out of the accessibility tree until there is a rating to read.
    <Group gap="xs" mt={-8} {...(rating.data ? { role: 'group', 'aria-labelledby': 'package-rating-label' } : { 'aria-hidden': true })}>
      <Text size="sm" c="dimmed" id="package-rating-label">
        Package rating
      </Text>
      {rating.data ? (
        <>
          <Text size="sm" fw={600}>
            {rating.data.averageRating.toFixed(1)}
          </Text>
          <Stars value={rating.data.averageRating} count={rating.data.totalReviews} />
        </>
      ) : (
        <Skeleton height={14} width={140} />
      )}
    </Group>
  )
}
