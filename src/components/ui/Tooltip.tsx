import {
  cloneElement,
  lazy,
  Suspense,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type RefObject,
} from 'react'
import type { TooltipProps as MantineTooltipProps } from '@mantine/core'

// Mantine's Tooltip positions itself with floating-ui (about 15 kB gzip with the Popover's share): it loads when a
// tooltip is first wanted, not with the screen.
const MantineTooltip = lazy(() => import('./deferred/mantine-tooltip.ts'))

type TriggerProps = {
  ref?: Ref<HTMLElement>
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
  onBlur?: (event: FocusEvent<HTMLElement>) => void
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void
}

export interface TooltipProps extends Omit<MantineTooltipProps, 'children' | 'target' | 'opened' | 'events'> {
  /** One element that takes a ref. */
  children: ReactElement<TriggerProps>
  /** What shows it, as Mantine's `events` (touch never does). */
  events?: { hover: boolean; focus: boolean }
}

/** Whether focus came from the keyboard (as floating-ui's focus trigger asks); true where the selector is unknown. */
function focusVisible(element: HTMLElement) {
  try {
    return element.matches(':focus-visible')
  } catch {
    return true
  }
}

/**
 * Mantine's Tooltip, shown on hover (a mouse or pen, not touch) and, with `events.focus`, on keyboard focus; Escape
 * hides it. The trigger is rendered as it is and never re-mounted: the tooltip attaches to it (Mantine's `target`)
 * once loaded.
 */
export function Tooltip({ children, events = { hover: true, focus: false }, ...props }: TooltipProps) {
  const target = useRef<HTMLElement>(null)
  const [opened, setOpened] = useState(false)
  const [wanted, setWanted] = useState(false)
  const show = () => {
    setWanted(true)
    setOpened(true)
  }
  const own = children.props
  const trigger = cloneElement(children, {
    ref: mergeRefs(target, own.ref),
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event)
      if (events.hover && event.pointerType !== 'touch') show()
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event)
      if (events.hover) setOpened(false)
    },
    onFocus: (event) => {
      own.onFocus?.(event)
      if (events.focus && focusVisible(event.currentTarget)) show()
    },
    onBlur: (event) => {
      own.onBlur?.(event)
      if (events.focus) setOpened(false)
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event)
      if (event.key === 'Escape') setOpened(false)
    },
  })
  return (
    <>
      {trigger}
      {wanted && (
        <Suspense fallback={null}>
          <MantineTooltip {...props} target={target} opened={opened} />
        </Suspense>
      )}
    </>
  )
}

function mergeRefs(own: RefObject<HTMLElement | null>, other: Ref<HTMLElement> | undefined): Ref<HTMLElement> {
  return (node) => {
    own.current = node
    if (typeof other === 'function') other(node)
    else if (other) other.current = node
  }
}
