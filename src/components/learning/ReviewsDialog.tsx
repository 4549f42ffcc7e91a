import { lazy } from 'react'
import type { Package } from '../../../contract/content.ts'
import type { ReviewSummary } from '../../../contract/learning.ts'
import { LazyDialog } from '../ui/LazyDialog.tsx'

export interface ReviewsDialogProps {
  /** The package whose reviews to show; null while closed. */
  pkg: Package | null
  rating?: ReviewSummary
  onClose: () => void
}

// The dialog loads when it first opens, not with the learner home.
const ReviewsDialogBody = lazy(() => import('./ReviewsDialogBody.tsx'))

/** A package's reviews (ReviewsDialogBody). */
export function ReviewsDialog(props: ReviewsDialogProps) {
  return <LazyDialog opened={props.pkg !== null} body={ReviewsDialogBody} props={props} />
}
