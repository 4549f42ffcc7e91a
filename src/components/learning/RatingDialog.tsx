import { lazy } from 'react'
import { LazyDialog } from '../ui/LazyDialog.tsx'
import type { RatingDialogProps } from './RatingDialogForm.tsx'

// The form (stars, an autosizing textarea) loads when the dialog first opens: the viewer and the learner home each
// have one, and most visits never open it.
const RatingDialogForm = lazy(() => import('./RatingDialogForm.tsx'))

/** The rating dialog (see RatingDialogForm), mounted from its first opening on so that its draft lives on. */
export function RatingDialog(props: RatingDialogProps) {
  return <LazyDialog opened={props.opened} body={RatingDialogForm} props={props} />
}
