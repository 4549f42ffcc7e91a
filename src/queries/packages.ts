import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Package, PackageInput } from '../../contract/content.ts'
import { call } from '../api/client.ts'

export const packageKeys = {
  all: ['packages'] as const,
  list: () => [...packageKeys.all, 'list'] as const,
  details: () => [...packageKeys.all, 'detail'] as const,
  detail: (id: number) => [...packageKeys.details(), id] as const,
}

export const getPackages = () => call<Package[]>('get', '/packages/getAllPackage')
export const getPackage = (id: number) => call<Package>('get', `/packages/${id}`)
export const createPackage = (input: PackageInput) => call<Package>('post', '/packages/createPackage', { json: input })
export const updatePackage = (id: number, input: PackageInput) => call<Package>('put', `/packages/${id}`, { json: input })
export const deletePackage = (id: number) => call<null>('delete', `/packages/${id}`)

/** Every package with its skills (no topics), newest first. */
export const packagesQueryOptions = () => queryOptions({ queryKey: packageKeys.list(), queryFn: getPackages, meta: { errorMessage: 'Failed to fetch packages' } })

/** One package's whole tree: skills → topics → sub-topics. The catalogue's topics dialog overrides the text with 'Failed to fetch topics'. */
export const packageQueryOptions = (id: number) =>
  queryOptions({ queryKey: packageKeys.detail(id), queryFn: () => getPackage(id), meta: { errorMessage: 'Failed to load package' } })

export function useCreatePackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPackage,
    onSuccess: (created) => {
      queryClient.setQueryData(packageKeys.detail(created.id), created)
      return queryClient.invalidateQueries({ queryKey: packageKeys.list() })
    },
    meta: { errorMessage: 'Failed to create package', errorReason: 'title' },
  })
}

export function useUpdatePackage(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PackageInput) => updatePackage(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packageKeys.list() }),
        queryClient.invalidateQueries({ queryKey: packageKeys.detail(id) }),
      ]),
    meta: { errorMessage: 'Failed to update package', errorReason: 'title' },
  })
}

export function useDeletePackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: packageKeys.detail(id), exact: true })
      return queryClient.invalidateQueries({ queryKey: packageKeys.list() })
    },
    meta: { errorMessage: 'Failed to delete package', errorReason: 'title' },
  })
}
