import { useState } from 'react'
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { COMMENT_MAX } from '../../../../contract/learning.ts'
import { messageOf } from '../../../api/errors.ts'
import { notify } from '../../../lib/toast.ts'
import { usePostComment } from '../../../queries/comments.ts'
import { StarRating } from '../../ui/StarRating.tsx'

interface CommentModalProps {
  opened: boolean
  onClose: () => void
  videoId: number
  videoLabel: string
}

/**
 * 'Leave a Comment' on the selected video: 1–5 stars and the text, both required. The draft survives a
 * cancel and is cleared once the comment is sent.
 */
export function CommentModal({ opened, onClose, videoId, videoLabel }: CommentModalProps) {
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const post = usePostComment()

  function send(event: React.FormEvent) {
    event.preventDefault()
    if (post.isPending) return
    if (rating < 1 || !text.trim()) {
      notify.error('Please provide both rating and comment')
      return
    }
    post.mutate(
      { videoId, rating, comment: text.trim() },
      {
        onSuccess: () => {
          notify.success('Comment submitted')
          setRating(0)
          setText('')
          onClose()
        },
        onError: (error) => {
          const reason = messageOf(error, '')
          notify.error('Failed to submit comment', reason ? { description: reason } : {})
        },
      },
    )
  }

  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Leave a Comment" centered>
      <form onSubmit={send} aria-label="Leave a Comment" noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            On: {videoLabel}
          </Text>
          <StarRating label="Rating" value={rating} onChange={setRating} disabled={post.isPending} />
          <Textarea
            label="Comment"
            placeholder="Share what helped, or what was unclear"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            rows={4}
            maxLength={COMMENT_MAX}
            disabled={post.isPending}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={post.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={post.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
