import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'

export const packageKeys = {
  all: ['packages'] as const,
  list: () => [...packageKeys.all, 'list'] as const,
  details: () => [...packageKeys.all, 'detail'] as const,
  detail: (id: number) => [...packageKeys.details(), id] as const,
}

const getPackages = () => unwrap(api.packages.getAllPackage.$get())
const getPackage = (id: number) => unwrap(api.packages[':id'].$get({ param: { id: String(id) } }))

/** Every package with its skills (no topics), newest first. */
export const packagesQueryOptions = () =>
  queryOptions({ queryKey: packageKeys.list(), queryFn: getPackages, meta: { errorMessage: 'Failed to fetch packages' } })

/** One package's whole tree: skills → topics → sub-topics. The catalogue's topics dialog overrides the text with 'Failed to fetch topics'. */
export const packageQueryOptions = (id: number) =>
  queryOptions({ queryKey: packageKeys.detail(id), queryFn: () => getPackage(id), meta: { errorMessage: 'Failed to load package' } })
