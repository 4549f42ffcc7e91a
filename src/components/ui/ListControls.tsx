import { Group, NativeSelect } from '@mantine/core'
import { SearchBox } from './SearchBox.tsx'

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

/** The URL-synced search box and the sort select above a list. */
export function ListControls<S extends string>({ searchLabel, placeholder, q, sort, sorts, onSearch, onSort }: ListControlsProps<S>) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search">
      <SearchBox label={searchLabel} placeholder={placeholder} q={q} onSearch={onSearch} />
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
