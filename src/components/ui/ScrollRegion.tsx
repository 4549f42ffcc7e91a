import type { ReactNode } from 'react'
import { Table } from '@mantine/core'

/**
 * The sideways scroll container of a table that may be wider than the screen. A keyboard user can reach and scroll
 * it (WCAG 2.1.1, axe's scrollable-region-focusable): it is focusable and named, by `label` or by the element
 * `labelledBy` points at. A group, not a landmark: its table often sits in a section of the same name.
 */
export function ScrollRegion({
  label,
  labelledBy,
  minWidth,
  className,
  children,
}: {
  label?: string
  labelledBy?: string
  minWidth: number
  className?: string
  children: ReactNode
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      role="group"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={className}
    >
      {children}
    </Table.ScrollContainer>
  )
}
