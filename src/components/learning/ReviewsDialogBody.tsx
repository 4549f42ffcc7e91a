import { Divider, Group, Skeleton, Stack, Text } from '@mantine/core'
import { Modal } from '../ui/Modal.tsx'
import { useQuery } from '@tanstack/react-query'
import type { ReviewSummary } from '../../../contract/learning.ts'
import { formatDateTime } from '../../lib/format.ts'
import { reviewsQueryOptions } from '../../queries/reviews.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { Stars } from '../ui/Stars.tsx'
import { useLast } from './useLast.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import type { ReviewsDialogProps } from './ReviewsDialog.tsx'

/** 'View All Reviews' of a package: each review with its author, stars, text and date, newest first. */
export default function ReviewsDialogBody({ pkg, rating, onClose }: ReviewsDialogProps) {
  const shown = useLast(pkg)
  return (
    <Modal opened={pkg !== null} onClose={onClose} title={`Reviews — ${shown?.title ?? ''}`} size="lg" centered>
      {shown ? <ReviewList packageId={shown.id} rating={rating} /> : null}
    </Modal>
  )
}

function ReviewList({ packageId, rating }: { packageId: number; rating?: ReviewSummary }) {
  const reviews = useQuery(reviewsQueryOptions('PACKAGE', packageId))

  if (reviews.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading reviews">
        <Skeleton height={14} width="40%" />
        <Skeleton height={12} width="80%" />
        <Skeleton height={14} width="35%" mt="sm" />
        <Skeleton height={12} width="70%" />
      </Stack>
    )
  }
  if (reviews.isError) {
    return (
      <LoadFailed onRetry={() => void reviews.refetch()} retrying={reviews.isFetching}>
        Failed to load reviews
      </LoadFailed>
    )
  }
  if (reviews.data.length === 0) return <EmptyState>No reviews available.</EmptyState>

  return (
    <Stack gap="sm">
      {rating ? (
        <Group gap="xs">
          <Text fw={600}>{rating.averageRating.toFixed(1)}</Text>
          <Stars value={rating.averageRating} count={rating.totalReviews} />
        </Group>
      ) : null}
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Reviews">
        {reviews.data.map((review, i) => (
          <li key={review.id}>
            {i > 0 ? <Divider my="sm" /> : null}
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {review.userName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(review.createdAt)}
                </Text>
              </Group>
              <Stars value={review.presentationRating} size={14} />
              {review.reviewText ? (
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {review.reviewText}
                </Text>
              ) : (
                <Text size="sm" c="dimmed" fs="italic">
                  No comment provided
                </Text>
              )}
            </Stack>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}
