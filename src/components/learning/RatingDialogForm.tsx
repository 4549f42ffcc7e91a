import { useState, type FormEvent, type ReactNode } from 'react'
import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { Modal } from '../ui/Modal.tsx'
import { notify } from '../../lib/toast.ts'
import { StarRating } from '../ui/StarRating.tsx'

const MISSING_RATING_OR_TEXT = 'Please provide both rating and comment'

export interface RatingDraft {
  rating: number
  text: string
}

export interface RatingDialogProps {
  opened: boolean
  onClose: () => void
  /** The dialog's title, also the form's accessible name. */
  title: string
  /** What is being rated, under the title. */
  subject: ReactNode
  ratingLabel: string
  textLabel: string
  placeholder: string
  maxLength: number
  /**
   * A comment needs a star and a non-blank text, and says so when one is missing; a review needs only a
   * star, and its Submit stays disabled until one is chosen.
   */
  textRequired: boolean
  pending: boolean
  /** The draft it opens with (an edit); empty when not given. */
  initial?: RatingDraft
  /** Sends the draft; `clear` empties it (after a success). Failure toasts come from the mutation's meta. */
  onSubmit: (draft: RatingDraft, clear: () => void) => void
}

/** 1–5 stars and a text in a dialog: a package's or skill's review, or a video's comment. The draft lives as long as the dialog is mounted. */
export default function RatingDialogForm({
  opened,
  onClose,
  title,
  subject,
  ratingLabel,
  textLabel,
  placeholder,
  maxLength,
  textRequired,
  pending,
  initial,
  onSubmit,
}: RatingDialogProps) {
  const [rating, setRating] = useState(initial?.rating ?? 0)
  const [text, setText] = useState(initial?.text ?? '')
  // Shown in the dialog as well as toasted: the toast sits behind the dialog's overlay.
  const [missing, setMissing] = useState(false)

  function send(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    if (textRequired && (rating < 1 || !text.trim())) {
      notify.error(MISSING_RATING_OR_TEXT)
      setMissing(true)
      return
    }
    setMissing(false)
    if (rating < 1) return
    onSubmit({ rating, text }, () => {
      setRating(0)
      setText('')
    })
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={send} aria-label={title} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {subject}
          </Text>
          <StarRating label={ratingLabel} value={rating} onChange={setRating} disabled={pending} />
          <Textarea
            label={textLabel}
            placeholder={placeholder}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            rows={4}
            maxLength={maxLength}
            disabled={pending}
          />
          {missing ? (
            <Text c="red" size="sm" role="alert">
              {MISSING_RATING_OR_TEXT}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || (!textRequired && rating < 1)}>
              {pending ? 'Submitting...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
