import { useEffect, useRef, useState } from 'react'
import { Button, Divider, Group, Progress, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { IconStarFilled } from '@tabler/icons-react'
import type { Comment } from '../../../../contract/learning.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { commentPagesQueryOptions, commentSummaryQueryOptions, ratingDistributionQueryOptions } from '../../../queries/comments.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'
import { Stars } from '../../ui/Stars.tsx'
import { CommentActions } from './CommentActions.tsx'
import classes from './Viewer.module.css'

const STARS = [5, 4, 3, 2, 1] as const

/** Comment loading problems are only logged (docs/product.md#ratings-comments-and-reviews). */
function useLoggedError(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error)
  }, [error, what])
}

/** One percentage to one decimal: count / total. */
const percent = (count: number, total: number) => (total > 0 ? ((count / total) * 100).toFixed(1) : '0.0')

/**
 * A video's comments: the average as five stars with the count, a bar per star (5 down to 1) that filters
 * the loaded comments when pressed (press again to clear), the list, and 'Load More Comments' (5 per page).
 * Authors edit and delete their own comments; admins delete any.
 */
export function CommentsSection({ videoId, videoLabel }: { videoId: number; videoLabel: string }) {
  const summary = useQuery(commentSummaryQueryOptions(videoId))
  const ratings = useQuery(ratingDistributionQueryOptions(videoId))
  const pages = useInfiniteQuery(commentPagesQueryOptions(videoId))
  const { data: me } = useQuery(currentUserQueryOptions())
  const heading = useRef<HTMLHeadingElement>(null)
  useLoggedError(summary.error, 'the comment summary')
  useLoggedError(ratings.error, 'the rating distribution')
  useLoggedError(pages.error, 'comments')

  const [filter, setFilter] = useState<number | null>(null)
  const total = summary.data?.totalComments ?? 0
  const average = summary.data?.averageRating ?? 0

  // Pages may overlap when comments arrive between two loads: keep the first copy of each.
  const seen = new Set<number>()
  const loaded: Comment[] = []
  for (const page of pages.data?.pages ?? []) for (const c of page.content) if (!seen.has(c.id) && seen.add(c.id)) loaded.push(c)
  const shown = filter === null ? loaded : loaded.filter((c) => c.rating === filter)

  return (
    <Stack gap="md" component="section" aria-labelledby="comments-heading">
      <Group justify="space-between" gap="xs" wrap="wrap">
        {/* Takes the focus after a delete, when the pressed button is gone. */}
        <Title order={2} size="h4" id="comments-heading" ref={heading} tabIndex={-1}>
          Comments
        </Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          on {videoLabel}
        </Text>
      </Group>

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
          {STARS.map((n) => {
            const count = ratings.data?.ratingCounts[String(n) as '1'] ?? 0
            const share = percent(count, total)
            const pressed = filter === n
            return (
              <UnstyledButton key={n} className={classes.distribution} aria-pressed={pressed} onClick={() => setFilter(pressed ? null : n)}>
                {/* Named by its text ('5 stars: 0 (0.0%)'), so the name contains what is seen ('5', '0 (0.0%)'). */}
                <Group gap={4} wrap="nowrap" w={34}>
                  <Text size="sm" fw={500}>
                    {n} <VisuallyHidden component="span">{n === 1 ? 'star:' : 'stars:'}</VisuallyHidden>
                  </Text>
                  <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-hidden="true" />
                </Group>
                <Progress value={total > 0 ? (count / total) * 100 : 0} color="yellow" size="md" aria-hidden="true" />
                <Text size="sm" c="dimmed" ta="right" miw={82}>
                  {count} ({share}%)
                </Text>
              </UnstyledButton>
            )
          })}
        </Stack>
      </Group>

      {filter !== null ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing the loaded {filter}-star comments. Press the {filter}-star row again to show all.
        </Text>
      ) : null}

      <Divider />

      {pages.isPending && pages.fetchStatus !== 'idle' ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading comments">
          <Skeleton height={14} width="30%" />
          <Skeleton height={12} width="80%" />
        </Stack>
      ) : shown.length === 0 ? (
        <Text c="dimmed">No comments to display.</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Comment list">
          {shown.map((comment, i) => (
            <li key={comment.id}>
              {i > 0 ? <Divider my="sm" variant="dashed" /> : null}
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Group gap="sm" wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {comment.userName}
                    </Text>
                    <Stars value={comment.rating} size={14} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(comment.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {comment.comment}
                </Text>
                <CommentActions
                  comment={comment}
                  videoLabel={videoLabel}
                  mine={me?.id === comment.userId}
                  admin={me?.role === 'admin'}
                  onDeleted={() => heading.current?.focus()}
                />
              </Stack>
            </li>
          ))}
        </Stack>
      )}

      {filter === null && pages.hasNextPage ? (
        <Group justify="center">
          <Button variant="light" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            Load More Comments
          </Button>
        </Group>
      ) : null}
    </Stack>
  )
}
