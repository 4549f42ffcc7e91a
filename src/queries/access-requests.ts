import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'
import { userKeys } from './user.ts'

export const accessRequestKeys = {
  all: ['access-requests'] as const,
  mine: () => [...accessRequestKeys.all, 'mine'] as const,
  open: () => [...accessRequestKeys.all, 'open'] as const,
}

const getMine = () => unwrap(api['access-requests'].mine.$get())
const getOpen = () => unwrap(api['access-requests'].$get())
const requestAccess = (packageId: number) => unwrap(api['access-requests'].$post({ json: { packageId } }))
const assignRequest = (id: number) => unwrap(api['access-requests'][':id'].assign.$post({ param: { id: String(id) } }))
const dismissRequest = (id: number) => unwrap(api['access-requests'][':id'].dismiss.$post({ param: { id: String(id) } }))

/** The packages the signed-in learner has asked for and not yet been given. */
export const myAccessRequestsQueryOptions = () =>
  queryOptions({ queryKey: accessRequestKeys.mine(), queryFn: getMine, meta: { errorMessage: 'Failed to load your access requests' } })

/** Every open request (admins). */
export const openAccessRequestsQueryOptions = () =>
  queryOptions({ queryKey: accessRequestKeys.open(), queryFn: getOpen, meta: { errorMessage: 'Failed to load access requests' } })

export function useRequestAccess() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: requestAccess,
    onSuccess: (mine) => queryClient.setQueryData(accessRequestKeys.mine(), mine),
    meta: { successMessage: 'Access requested', errorMessage: 'Failed to request access', errorReason: 'description' },
  })
}

/** Assigning changes the learner's packages as well as the list. */
export function useAssignRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: assignRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accessRequestKeys.open() }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
    meta: { successMessage: 'Package assigned', errorMessage: 'Failed to assign the package', errorReason: 'description' },
  })
}

export function useDismissRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: dismissRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.open() }),
    meta: { successMessage: 'Request dismissed', errorMessage: 'Failed to dismiss the request', errorReason: 'description' },
  })
}
