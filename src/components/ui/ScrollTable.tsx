import type { ReactNode } from 'react'
import { Skeleton, Table, Text } from '@mantine/core'
import classes from './ScrollTable.module.css'
import { ScrollRegion } from './ScrollRegion.tsx'

/** For a scroll container whose last column holds each row's action: on phones that column stays in view. */
export const stickyActionColumn = classes.stickyAction

/**
 * A table that scrolls sideways inside its own focusable region on narrow screens; `columns` are its header cells.
 * `stickyAction`: the last column is each row's action and stays in view on phones.
 */
export function ScrollTable({
  label,
  minWidth,
  columns,
  stickyAction = false,
  children,
}: {
  label: string
  minWidth: number
  columns: readonly string[]
  stickyAction?: boolean
  children: ReactNode
}) {
  return (
    <ScrollRegion label={label} minWidth={minWidth} className={stickyAction ? stickyActionColumn : undefined}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c} scope="col" style={{ whiteSpace: 'nowrap' }}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {children}
      </Table>
    </ScrollRegion>
  )
}

/** Placeholder rows while a table loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, r) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows with no data; the count is fixed and never reordered
    <Table.Tr key={r} aria-hidden>
      {Array.from({ length: columns }, (_, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder cells with no data; the count is fixed and never reordered
        <Table.Td key={c}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ))
}

/** An empty optional field. */
export const Blank = () => (
  <Text span c="dimmed" aria-label="not set">
    —
  </Text>
)
