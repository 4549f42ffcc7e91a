import { memo } from 'react'
import { Group, Progress, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconStarFilled } from '@tabler/icons-react'
import { commentSummaryQueryOptions, ratingDistributionQueryOptions } from '../../../queries/comments.ts'
import { Stars } from '../../ui/Stars.tsx'
import { useLoggedError } from './useLoggedError.ts'
import classes from './Viewer.module.css'

const STARS = [5, 4, 3, 2, 1] as const

/** One percentage to one decimal: count / total. */
const percent = (count: number, total: number) => (total > 0 ? ((count / total) * 100).toFixed(1) : '0.0')

interface VideoRatingsProps {
  videoId: number
  /** The star row pressed to filter the comments, if any. */
  filter: number | null
  onFilter: (stars: number | null) => void
}

/**
 * A video's ratings beside its comments: the average as five stars with the count, and a bar per star (5 down to 1)
 * that filters the loaded comments when pressed (press again to clear). Its two reads answer here, not in the list.
 */
export function VideoRatings({ videoId, filter, onFilter }: VideoRatingsProps) {
  const summary = useQuery(commentSummaryQueryOptions(videoId))
  const ratings = useQuery(ratingDistributionQueryOptions(videoId))
  useLoggedError(summary.error, 'the comment summary')
  useLoggedError(ratings.error, 'the rating distribution')
  const total = summary.data?.totalComments ?? 0
  const average = summary.data?.averageRating ?? 0

  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={4} align="flex-start" miw={150} aria-labelledby="video-ratings-label" role="group">
        <Text size="sm" c="dimmed" id="video-ratings-label">
          Ratings of this video
        </Text>
        {summary.isPending && summary.fetchStatus !== 'idle' ? (
          <Skeleton height={36} width={120} />
        ) : (
          <>
            <Text fz={36} fw={700} lh={1}>
              {average.toFixed(1)}
            </Text>
            <Stars value={average} count={total} size={18} />
          </>
        )}
      </Stack>

      <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }} role="group" aria-label="Filter comments by rating">
        {STARS.map((n) => (
          <DistributionRow
            key={n}
            stars={n}
            count={ratings.data?.ratingCounts[String(n) as '1'] ?? 0}
            total={total}
            pressed={filter === n}
            onFilter={onFilter}
          />
        ))}
      </Stack>
    </Group>
  )
}

interface DistributionRowProps {
  stars: number
  count: number
  total: number
  pressed: boolean
  onFilter: (stars: number | null) => void
}

/** One star row; memoised, so an answer that leaves its figures alone does not render it again. */
const DistributionRow = memo(function DistributionRow({ stars, count, total, pressed, onFilter }: DistributionRowProps) {
  return (
    <UnstyledButton className={classes.distribution} aria-pressed={pressed} onClick={() => onFilter(pressed ? null : stars)}>
      {/* Named by its text ('5 stars: 0 (0.0%)'), so the name contains what is seen ('5', '0 (0.0%)'). */}
      <Group gap={4} wrap="nowrap" w={34}>
        <Text size="sm" fw={500}>
          {stars} <VisuallyHidden component="span">{stars === 1 ? 'star:' : 'stars:'}</VisuallyHidden>
        </Text>
        <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-hidden="true" />
      </Group>
      <Progress value={total > 0 ? (count / total) * 100 : 0} color="yellow" size="md" aria-hidden="true" />
      <Text size="sm" c="dimmed" ta="right" miw={82}>
        {count} ({percent(count, total)}%)
      </Text>
    </UnstyledButton>
  )
})
