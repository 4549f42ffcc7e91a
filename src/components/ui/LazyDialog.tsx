import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react'

/**
 * A dialog whose body (React.lazy: the dialog and what only it uses) loads when it first opens, not with the screen
 * that has it; most visits never open it. It stays mounted from then on, so that what it holds (a draft) lives on
 * after a close.
 */
export function LazyDialog<P extends object>({
  opened,
  body: Body,
  props,
}: {
  opened: boolean
  body: LazyExoticComponent<ComponentType<P>>
  props: P
}) {
  const [used, setUsed] = useState(opened)
  if (opened && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  )
}
