import { useRef, useState } from 'react'
import { Divider, Group, Stack, Text, Title } from '@mantine/core'
import { CommentList } from './CommentList.tsx'
import { VideoRatings } from './VideoRatings.tsx'

/**
 * A video's comments: its ratings (the average, and a bar per star that filters the loaded comments) and the list.
 * Each part reads its own data, so an answer renders the part it fills, not the whole section.
 */
export function CommentsSection({ videoId, videoLabel }: { videoId: number; videoLabel: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const [filter, setFilter] = useState<number | null>(null)

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

      <VideoRatings videoId={videoId} filter={filter} onFilter={setFilter} />

      {filter !== null ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing the loaded {filter}-star comments. Press the {filter}-star row again to show all.
        </Text>
      ) : null}

      <Divider />

      <CommentList videoId={videoId} videoLabel={videoLabel} filter={filter} onDeleted={() => heading.current?.focus()} />
    </Stack>
  )
}
