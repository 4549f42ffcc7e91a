import { lazy, Suspense, useEffect, useState } from 'react'
import type { ModalProps } from '@mantine/core'

// Mantine's Modal brings its focus trap, scroll lock and portal (about 6 kB gzip): it loads when a dialog first opens,
// not with the screen that has the dialog.
const MantineModal = lazy(() => import('./deferred/mantine-modal.ts'))

/**
 * Mantine's Modal, loaded on first open. It mounts closed and opens on the next render, so that it records the
 * element to give focus back to on close (Mantine notes that element when `opened` changes, not on mount).
 */
export function Modal({ opened, ...props }: ModalProps) {
  const [used, setUsed] = useState(opened)
  const [ready, setReady] = useState(false)
  if (opened && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} opened={opened && ready} />
      <OnMount run={() => setReady(true)} />
    </Suspense>
  )
}

function OnMount({ run }: { run: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the loaded Modal has mounted beside it
  useEffect(run, [])
  return null
}
