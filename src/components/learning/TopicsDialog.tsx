import { lazy } from 'react'
import type { Package } from '../../../contract/content.ts'
import { LazyDialog } from '../ui/LazyDialog.tsx'

export interface TopicsDialogProps {
  /** The package whose topics to show; null while closed. */
  pkg: Package | null
  owned: boolean
  onClose: () => void
}

// The dialog loads when it first opens, not with the learner home.
const TopicsDialogBody = lazy(() => import('./TopicsDialogBody.tsx'))

/** 'View Topics' (TopicsDialogBody): a package's topics and sub-topics, skill by skill. */
export function TopicsDialog(props: TopicsDialogProps) {
  return <LazyDialog opened={props.pkg !== null} body={TopicsDialogBody} props={props} />
}
