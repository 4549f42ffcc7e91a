import { COMMENT_MAX } from '../../../../contract/learning.ts'
import { usePostComment } from '../../../queries/comments.ts'
import { RatingDialog } from '../RatingDialog.tsx'

interface CommentModalProps {
  opened: boolean
  onClose: () => void
  videoId: number
  videoLabel: string
}

/** 'Leave a Comment' on the selected video: 1–5 stars and the text, both required. The draft survives a cancel and is cleared once sent. */
export function CommentModal({ opened, onClose, videoId, videoLabel }: CommentModalProps) {
  const post = usePostComment()
  return (
    <RatingDialog
      opened={opened}
      onClose={onClose}
      title="Leave a Comment"
      subject={`On: ${videoLabel}`}
      ratingLabel="Rating"
      textLabel="Comment"
      placeholder="Share what helped, or what was unclear"
      maxLength={COMMENT_MAX}
      textRequired
      pending={post.isPending}
      onSubmit={({ rating, text }, clear) =>
        post.mutate(
          { videoId, rating, comment: text.trim() },
          {
            onSuccess: () => {
              clear()
              onClose()
            },
          },
        )
      }
    />
  )
}
