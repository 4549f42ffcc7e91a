import type { Comment } from '../../../../contract/learning.ts'
import { COMMENT_MAX } from '../../../../contract/rules.ts'
import { usePostComment, useUpdateComment } from '../../../queries/comments.ts'
import { RatingDialog } from '../RatingDialog.tsx'

interface CommentModalProps {
  opened: boolean
  onClose: () => void
  videoId: number
  videoLabel: string
  /** The learner's own comment to edit; without it the dialog leaves a new one. */
  editing?: Comment
}

/**
 * 'Leave a Comment' on the selected video, or the edit of one's own comment: 1–5 stars and the text, both
 * required. A new comment's draft survives a cancel and is cleared once sent; an edit opens with the comment as it is.
 */
export function CommentModal({ opened, onClose, videoId, videoLabel, editing }: CommentModalProps) {
  const post = usePostComment()
  const update = useUpdateComment()
  const pending = editing ? update.isPending : post.isPending
  return (
    <RatingDialog
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit your comment' : 'Leave a Comment'}
      subject={`On: ${videoLabel}`}
      ratingLabel="Rating"
      textLabel="Comment"
      placeholder="Share what helped, or what was unclear"
      maxLength={COMMENT_MAX}
      textRequired
      pending={pending}
      initial={editing ? { rating: editing.rating, text: editing.comment } : undefined}
      onSubmit={({ rating, text }, clear) => {
        const done = {
          onSuccess: () => {
            clear()
            onClose()
          },
        }
        if (editing) update.mutate({ id: editing.id, videoId, rating, comment: text.trim() }, done)
        else post.mutate({ videoId, rating, comment: text.trim() }, done)
      }}
    />
  )
}
