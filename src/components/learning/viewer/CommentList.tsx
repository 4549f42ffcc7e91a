import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { Comment } from '../../../../contract/learning.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { commentPagesQueryOptions } from '../../../queries/comments.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'
import { Stars } from '../../ui/Stars.tsx'
import { CommentActions } from './CommentActions.tsx'
import { useLoggedError } from './useLoggedError.ts'

interface CommentListProps {
  videoId: number
  videoLabel: string
  /** Only the loaded comments with this many stars, when set. */
  filter: number | null
  /** After a delete, when the pressed button is gone. */
  onDeleted: () => void
}

/**
 * A video's comments, 5 a page with 'Load More Comments' (hidden while filtering). Authors edit and delete their own
 * comments; admins delete any. Its reads answer here, not in the ratings beside it.
 */
export function CommentList({ videoId, videoLabel, filter, onDeleted }: CommentListProps) {
  const pages = useInfiniteQuery(commentPagesQueryOptions(videoId))
  const { data: me } = useQuery(currentUserQueryOptions())
  useLoggedError(pages.error, 'comments')

  // Pages may overlap when comments arrive between two loads: keep the first copy of each.
  const seen = new Set<number>()
  const loaded: Comment[] = []
  for (const page of pages.data?.pages ?? []) for (const c of page.content) if (!seen.has(c.id) && seen.add(c.id)) loaded.push(c)
  const shown = filter === null ? loaded : loaded.filter((c) => c.rating === filter)

  return (
    <>
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
                  onDeleted={onDeleted}
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
    </>
  )
}
