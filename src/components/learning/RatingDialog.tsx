import { lazy, Suspense, useState } from 'react'
import type { RatingDialogProps } from './RatingDialogForm.tsx'

// The form (stars, an autosizing textarea) loads when the dialog first opens: the viewer and the learner home each
// have one, and most visits never open it.
const RatingDialogForm = lazy(() => import('./RatingDialogForm.tsx'))

/** The rating dialog (see RatingDialogForm), mounted from its first opening on so that its draft lives on. */
export function RatingDialog(props: RatingDialogProps) {
  const [used, setUsed] = useState(props.opened)
  if (props.opened && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <RatingDialogForm {...props} />
    </Suspense>
  )
}
