import { lazy } from 'react'
import { LazyDialog } from '../../ui/LazyDialog.tsx'

export interface ShortcutsDialogProps {
  opened: boolean
  onClose: () => void
}

// The table (Mantine's Table and Kbd) loads when the dialog first opens, not with the viewer.
const ShortcutsDialogBody = lazy(() => import('./ShortcutsDialogBody.tsx'))

/** The '?' dialog (ShortcutsDialogBody): every player shortcut and what it does. */
export function ShortcutsDialog(props: ShortcutsDialogProps) {
  return <LazyDialog opened={props.opened} body={ShortcutsDialogBody} props={props} />
}
