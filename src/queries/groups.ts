import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { DueSettingsInput } from '../../contract/assignments.ts'
import type { CreateGroupInput, GroupDetail, UpdateGroupInput } from '../../contract/groups.ts'
import { api, unwrap } from '../api/client.ts'
import { userKeys } from './user.ts'

export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
}

const param = (id: number) => ({ id: String(id) })
const getGroups = () => unwrap(api.groups.$get())
const getGroup = (id: number) => unwrap(api.groups[':id'].$get({ param: param(id) }))
const createGroup = (input: CreateGroupInput) => unwrap(api.groups.$post({ json: input }))
const updateGroup = (id: number, input: UpdateGroupInput) => unwrap(api.groups[':id'].$patch({ param: param(id), json: input }))
const deleteGroup = (id: number) => unwrap(api.groups[':id'].$delete({ param: param(id) }))
const addMembers = (id: number, userIds: number[]) => unwrap(api.groups[':id'].members.$post({ param: param(id), json: { userIds } }))
const removeMember = (id: number, userId: number) =>
  unwrap(api.groups[':id'].members[':userId'].$delete({ param: { ...param(id), userId: String(userId) } }))
const setPackage = (id: number, packageId: number, settings: DueSettingsInput) =>
  unwrap(api.groups[':id'].packages[':packageId'].$put({ param: { ...param(id), packageId: String(packageId) }, json: settings }))
const removePackage = (id: number, packageId: number) =>
  unwrap(api.groups[':id'].packages[':packageId'].$delete({ param: { ...param(id), packageId: String(packageId) } }))

/** Every group with its counts (admins). */
export const groupsQueryOptions = () =>
  queryOptions({ queryKey: groupKeys.list(), queryFn: getGroups, meta: { errorMessage: 'Failed to fetch groups' } })

/** One group with its members and packages. */
export const groupQueryOptions = (id: number) =>
  queryOptions({ queryKey: groupKeys.detail(id), queryFn: () => getGroup(id), meta: { errorMessage: 'Failed to fetch the group' } })

/**
 * A change to a group's members or packages: the group takes the server's answer, the list's counts are refetched,
 * and so is every user read (their packages came or went with the group). A read of the group still under way
 * (a refetch on focus, say) may have been made before the change: it is dropped, or its later answer would put the
 * group back as it was and stay until the next refetch.
 */
async function groupChanged(queryClient: QueryClient, group: GroupDetail) {
  await queryClient.cancelQueries({ queryKey: groupKeys.detail(group.id) })
  queryClient.setQueryData(groupKeys.detail(group.id), group)
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ])
}

export function useCreateGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
    meta: { successMessage: 'Group created', errorMessage: 'Failed to create the group', errorReason: 'description' },
  })
}

export function useUpdateGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateGroupInput }) => updateGroup(id, input),
    onSuccess: (_group, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
        queryClient.invalidateQueries({ queryKey: groupKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
    meta: { successMessage: 'Group updated', errorMessage: 'Failed to update the group', errorReason: 'description' },
  })
}

/** Deleting takes away what only the group gave: every user read is refetched. */
export function useDeleteGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: groupKeys.detail(id) })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ])
    },
    meta: { successMessage: 'Group deleted', errorMessage: 'Failed to delete the group', errorReason: 'description' },
  })
}

export function useAddGroupMembers() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }) => addMembers(id, userIds),
    onSuccess: (group) => groupChanged(queryClient, group),
    meta: { successMessage: 'Member added', errorMessage: 'Failed to add the member', errorReason: 'description' },
  })
}

export function useRemoveGroupMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, userId }: { id: number; userId: number }) => removeMember(id, userId),
    onSuccess: (group) => groupChanged(queryClient, group),
    meta: { successMessage: 'Member removed', errorMessage: 'Failed to remove the member', errorReason: 'description' },
  })
}

/** Assigns a package to the group, or changes its due settings. */
export function useSetGroupPackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, packageId, settings }: { id: number; packageId: number; settings: DueSettingsInput }) =>
      setPackage(id, packageId, settings),
    onSuccess: (group) => groupChanged(queryClient, group),
    meta: { successMessage: 'Package saved for the group', errorMessage: 'Failed to save the package', errorReason: 'description' },
  })
}

export function useRemoveGroupPackage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, packageId }: { id: number; packageId: number }) => removePackage(id, packageId),
    onSuccess: (group) => groupChanged(queryClient, group),
    meta: {
      successMessage: 'Package unassigned from the group',
      errorMessage: 'Failed to unassign the package',
      errorReason: 'description',
    },
  })
}
