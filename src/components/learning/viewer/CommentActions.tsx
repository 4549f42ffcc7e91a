import { useState } from 'react'
import { Button, Group } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { Comment } from '../../../../contract/learning.ts'
import { useDeleteComment } from '../../../queries/comments.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { CommentModal } from './CommentModal.tsx'

interface CommentActionsProps {
  comment: Comment
  videoLabel: string
  /** The comment is the signed-in user's: they may edit and delete it. */
  mine: boolean
  /** The signed-in user is an admin: they may delete any comment. */
  admin: boolean
  /** After a delete, when this comment and its buttons are gone. */
  onDeleted: () => void
}

const EXCERPT_LENGTH = 40
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text)

/** 'Edit' on one's own comment (the comment dialog, prefilled) and 'Delete' after a confirmation; admins delete any. */
export function CommentActions({ comment, videoLabel, mine, admin, onDeleted }: CommentActionsProps) {
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const remove = useDeleteComment()
  if (!mine && !admin) return null
  const whose = mine ? 'your comment' : `the comment by ${comment.userName}`
  // Several comments of one person each have their buttons: the excerpt tells them apart to a screen reader.
  const which = `${mine ? 'your comment' : `comment by ${comment.userName}`}: ${excerpt(comment.comment)}`

  function confirmDelete() {
    remove.mutate(
      { id: comment.id, videoId: comment.videoId },
      {
        onSuccess: () => {
          setDeleting(false)
          onDeleted()
        },
      },
    )
  }

  return (
    <Group gap={4}>
      {mine ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden="true" />}
          aria-label={`Edit ${which}`}
          aria-haspopup="dialog"
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden="true" />}
        aria-label={`Delete ${which}`}
        aria-haspopup="dialog"
        onClick={() => setDeleting(true)}
      >
        Delete
      </Button>
      {editing ? (
        <CommentModal opened onClose={() => setEditing(false)} videoId={comment.videoId} videoLabel={videoLabel} editing={comment} />
      ) : null}
      <ConfirmDialog
        opened={deleting}
        title="Delete comment"
        message={`Are you sure you want to delete ${whose}?`}
        detail="Its rating no longer counts towards this video's ratings."
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </Group>
  )
}
