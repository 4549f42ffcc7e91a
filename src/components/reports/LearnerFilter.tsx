import { useState } from 'react'
import { type ComboboxItem, type OptionsFilter, Select, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconSearch } from '@tabler/icons-react'
import { filterUsers } from '../../lib/user-search.ts'
import { allUsersQueryOptions } from '../../queries/users.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'

/** At most this many matches are listed: the admin narrows the search for more. */
const SHOWN_RESULTS = 8

/**
 * A filter on one learner, found by name or e-mail as the other user searches find them. The user list loads the
 * first time the picker opens.
 */
export function LearnerFilter({ value, onChange }: { value: number | undefined; onChange: (userId: number | undefined) => void }) {
  const [wanted, setWanted] = useState(false)
  const users = useQuery({ ...allUsersQueryOptions(), enabled: wanted })
  const list = users.data ?? []
  const options = list.map((user) => ({ value: String(user.id), label: `${user.name} · ${user.email}` }))
  const matching: OptionsFilter = ({ options: all, search, limit }) => {
    const ids = new Set(filterUsers(list, search).map((user) => String(user.id)))
    return (all as ComboboxItem[]).filter((option) => ids.has(option.value)).slice(0, limit)
  }

  return (
    <Stack gap={4}>
      <Select
        label="Learner"
        placeholder="Search by name or e-mail"
        searchable
        clearable
        leftSection={<IconSearch size={16} />}
        miw={{ base: '100%', xs: 280 }}
        data={options}
        filter={matching}
        limit={SHOWN_RESULTS}
        nothingFoundMessage={users.isPending ? 'Loading users…' : 'No users match'}
        value={value === undefined ? null : String(value)}
        onDropdownOpen={() => setWanted(true)}
        onChange={(next) => onChange(next ? Number(next) : undefined)}
      />
      {users.isError ? (
        <LoadFailed onRetry={() => void users.refetch()} retrying={users.isFetching}>
          Failed to fetch users
        </LoadFailed>
      ) : null}
    </Stack>
  )
}
