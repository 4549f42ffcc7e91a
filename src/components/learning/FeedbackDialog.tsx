import { useState } from 'react'
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import type { TargetType } from '../../../contract/learning.ts'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useSubmitReview } from '../../queries/reviews.ts'
import { StarRating } from '../ui/StarRating.tsx'
import { useLast } from './useLast.ts'

export interface FeedbackTarget {
  targetType: TargetType
  targetId: number
  /** The package's or skill's title, shown under the dialog's title. */
  title: string
}

const REVIEW_MAX = 2000

/**
 * The Submit Review dialog for a package or a skill: a 1–5 'Presentation Rating' and 'Your Review'.
 * Submit stays disabled until a star is chosen and while sending ('Submitting...').
 */
export function FeedbackDialog({ target, onClose }: { target: FeedbackTarget | null; onClose: () => void }) {
  const shown = useLast(target)
  return (
    <Modal opened={target !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Submit Review" centered>
      {/* Keyed by target: every opening starts from an empty form. */}
      {shown ? <FeedbackForm key={`${shown.targetType}-${shown.targetId}`} target={shown} onClose={onClose} /> : null}
    </Modal>
  )
}

function FeedbackForm({ target, onClose }: { target: FeedbackTarget; onClose: () => void }) {
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const submit = useSubmitReview()

  function send(event: React.FormEvent) {
    event.preventDefault()
    if (rating < 1 || submit.isPending) return
    submit.mutate(
      { targetType: target.targetType, targetId: target.targetId, presentationRating: rating, reviewText: text },
      {
        onSuccess: () => {
          notify.success('Review submitted!')
          onClose()
        },
        onError: (error) => {
          const reason = messageOf(error, '')
          notify.error('Failed to submit review', reason ? { description: reason } : {})
        },
      },
    )
  }

  return (
    <form onSubmit={send} aria-label="Submit Review" noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {target.targetType === 'PACKAGE' ? 'Package' : 'Skill'}: {target.title}
        </Text>
        <StarRating label="Presentation Rating" value={rating} onChange={setRating} disabled={submit.isPending} />
        <Textarea
          label="Your Review"
          placeholder="What did you think of it?"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={4}
          maxLength={REVIEW_MAX}
          disabled={submit.isPending}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={rating < 1 || submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
