import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PackageInput } from '../../contract/content.ts'
import { api, unwrap } from '../api/client.ts'
import { packageKeys } from './packages.ts'

// The admin's package changes: apart from packages.ts, which the learner home's loader loads.

const createPackage = (json: PackageInput) => unwrap(api.packages.createPackage.$post({ json }))
const updatePackage = (id: number, json: PackageInput) => unwrap(api.packages[':id'].$put({ param: { id: String(id) }, json }))
const deletePackage = (id: number) => unwrap(api.packages[':id'].$delete({ param: { id: String(id) } }))

export function useCreatePackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPackage,
    onSuccess: (created) => {
      queryClient.setQueryData(packageKeys.detail(created.id), created)
      return queryClient.invalidateQueries({ queryKey: packageKeys.list() })
    },
    meta: { successMessage: 'Package created', errorMessage: 'Failed to create package', errorReason: 'title' },
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
    meta: { successMessage: 'Package updated', errorMessage: 'Failed to update package', errorReason: 'title' },
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
    meta: { successMessage: 'Package deleted', errorMessage: 'Failed to delete package', errorReason: 'title' },
  })
}
