import type { TargetType } from '../../../contract/learning.ts'
import { useSubmitReview } from '../../queries/reviews.ts'
import { RatingDialog } from './RatingDialog.tsx'
import { useLast } from './useLast.ts'

export interface FeedbackTarget {
  targetType: TargetType
  targetId: number
  /** The package's or skill's title, shown under the dialog's title. */
  title: string
}

const REVIEW_MAX = 2000

/** The Submit Review dialog for a package or a skill: a 1–5 'Presentation Rating' and 'Your Review'. */
export function FeedbackDialog({ target, onClose }: { target: FeedbackTarget | null; onClose: () => void }) {
  const shown = useLast(target)
  const submit = useSubmitReview()
  if (!shown) return null
  return (
    <RatingDialog
      // Keyed by target: each package or skill has its own draft, kept over a cancel and cleared once sent.
      key={`${shown.targetType}-${shown.targetId}`}
      opened={target !== null}
      onClose={onClose}
      title="Submit Review"
      subject={`${shown.targetType === 'PACKAGE' ? 'Package' : 'Skill'}: ${shown.title}`}
      ratingLabel="Presentation Rating"
      textLabel="Your Review"
      placeholder="What did you think of it?"
      maxLength={REVIEW_MAX}
      textRequired={false}
      pending={submit.isPending}
      onSubmit={({ rating, text }, clear) =>
        submit.mutate(
          { targetType: shown.targetType, targetId: shown.targetId, presentationRating: rating, reviewText: text },
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
