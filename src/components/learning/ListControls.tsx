import { useEffect, useRef, useState } from 'react'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

interface ListControlsProps<S extends string> {
  searchLabel: string
  placeholder: string
  /** The search text as it is in the URL. */
  q: string
  sort: S
  sorts: readonly { value: S; label: string }[]
  onSearch: (q: string) => void
  onSort: (sort: S) => void
}

/**
 * Search box and sort select of a learner list. The box keeps its own text so typing never waits on the
 * URL; the URL follows it, and back/forward (a new `q` from outside) lead it.
 */
export function ListControls<S extends string>({ searchLabel, placeholder, q, sort, sorts, onSearch, onSort }: ListControlsProps<S>) {
  const [text, setText] = useState(q)
  const pushed = useRef(q)
  useEffect(() => {
    if (q !== pushed.current) {
      pushed.current = q
      setText(q)
    }
  }, [q])

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search">
      <TextInput
        type="search"
        label={searchLabel}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => {
          const value = e.currentTarget.value
          setText(value)
          pushed.current = value
          onSearch(value)
        }}
        style={{ flex: '1 1 16rem' }}
      />
      <NativeSelect
        label="Sort by"
        value={sort}
        data={sorts.map((s) => ({ value: s.value, label: s.label }))}
        onChange={(e) => onSort(e.currentTarget.value as S)}
        style={{ flex: '0 1 12rem' }}
      />
    </Group>
  )
}
