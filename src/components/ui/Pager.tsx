import type { ReactNode } from 'react'
import { Group, Pagination, Text } from '@mantine/core'

interface PagerProps {
  /** 1-based page shown. */
  page: number
  total: number
  onChange: (page: number) => void
  /** Numbered page buttons between Previous and Next (the users table); without them a 'Page x of y' label. */
  numbered?: boolean
  label: string
  disabled?: boolean
  /** Shown before the pager, e.g. 'Questions 21–40 of 45'. */
  caption?: ReactNode
}

/** Previous, (numbered pages or 'Page x of y') and Next, wrapping on phones; with a caption, the caption on its left. */
export function Pager({ page, total, onChange, numbered = false, label, disabled = false, caption }: PagerProps) {
  const pages = Math.max(total, 1)
  const pager = (
    <Pagination.Root
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      disabled={disabled}
      siblings={1}
      boundaries={1}
      getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
    >
      <Group component="nav" aria-label={label} gap={6} justify="center" wrap="wrap">
        <Pagination.Control withPadding onClick={() => onChange(page - 1)} disabled={disabled || page <= 1} px="sm">
          Previous
        </Pagination.Control>
        {numbered ? (
          <Pagination.Items />
        ) : (
          <Text size="sm" c="dimmed" px="xs" aria-live="polite">
            Page {Math.min(page, pages)} of {pages}
          </Text>
        )}
        <Pagination.Control withPadding onClick={() => onChange(page + 1)} disabled={disabled || page >= pages} px="sm">
          Next
        </Pagination.Control>
      </Group>
    </Pagination.Root>
  )
  if (!caption) return pager
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
      {pager}
    </Group>
  )
}
