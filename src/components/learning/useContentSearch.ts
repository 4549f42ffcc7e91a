import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { searchQueryOptions } from '../../queries/search.ts'

/**
 * The full-text search behind a search box, asked once typing pauses: the packages it found (by id) and the
 * content below them. `settled` is false until the answer for the text as it stands has come (or failed).
 */
export function useContentSearch(q: string) {
  const text = q.trim()
  const [debounced] = useDebouncedValue(text, 250)
  const search = useQuery(searchQueryOptions(debounced))
  const hits = text && search.data ? search.data : []
  const settled = text === '' || (debounced === text && ((search.isSuccess && !search.isPlaceholderData) || search.isError))
  return {
    packageIds: new Set(hits.filter((h) => h.kind === 'package').map((h) => h.package.id)),
    contentHits: hits.filter((h) => h.kind !== 'package'),
    settled,
  }
}
