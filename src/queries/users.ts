import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { DueSettingsInput } from '../../contract/assignments.ts'
import type { Role, User } from '../../contract/auth.ts'
import { api, unwrap } from '../api/client.ts'
import { getStoredUser, getToken, saveSession } from '../api/session.ts'
import type { AppMeta } from './meta.ts'
import { userKeys } from './user.ts'

// The admin's user lists and changes: apart from user.ts, which every signed-in screen loads.

/** The admin users table's page size. */
export const USERS_TABLE_PAGE_SIZE = 10

const getUsersPage = (page: number, size: number) =>
  unwrap(api.user.getPaginatedUsers.$get({ query: { page: String(page), size: String(size) } }))
const getAllUsers = () => unwrap(api.user.all.$get())
const getUser = (id: number) => unwrap(api.user.getUserById.$get({ query: { id: String(id) } }))
export const assignPackages = (userId: number, packageIds: number[]) =>
  unwrap(api.user[':id']['assign-packages'].$put({ param: { id: String(userId) }, json: { packageIds } }))
const unassignPackage = (userId: number, packageId: number) =>
  unwrap(api.user[':id'].packages[':packageId'].$delete({ param: { id: String(userId), packageId: String(packageId) } }))
const setDirectAssignment = (userId: number, packageId: number, settings: DueSettingsInput) =>
  unwrap(api.user[':id'].packages[':packageId'].$put({ param: { id: String(userId), packageId: String(packageId) }, json: settings }))
export const changeRole = (userId: number, role: Role) =>
  unwrap(api.user[':id'].role.$put({ param: { id: String(userId) }, json: { role } }))

/** One page of users, `page` 0-based as on the wire. */
export const usersPageQueryOptions = (page: number, size: number) =>
  queryOptions({
    queryKey: userKeys.page(page, size),
    queryFn: () => getUsersPage(page, size),
    meta: { errorMessage: 'Failed to fetch users' },
  })

/** Every user with their assigned packages (the assigner's table). */
export const allUsersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.list(), queryFn: getAllUsers, meta: { errorMessage: 'Failed to fetch users' } })

/** One user with their assigned packages. */
export const userQueryOptions = (id: number) => queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUser(id) })

/**
 * After a user changed: their detail takes the server's answer, and every list that shows them
 * (pages, the all-users list) is refetched. When it is the signed-in user, their own profile is
 * refetched too and the stored session follows the new role.
 */
function userChanged(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(userKeys.detail(user.id), user)
  const work = [queryClient.invalidateQueries({ queryKey: userKeys.pages() }), queryClient.invalidateQueries({ queryKey: userKeys.list() })]
  if (getStoredUser()?.id === user.id) {
    const token = getToken()
    if (token) saveSession(token, user)
    work.push(queryClient.invalidateQueries({ queryKey: userKeys.current() }))
  }
  return Promise.all(work)
}

/** The assign dialog's text; the admin assign form (/admin/package-to-user) passes 'Error assigning packages'. */
export function useAssignPackages(meta: AppMeta = { errorMessage: 'Failed to assign packages' }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, packageIds }: { userId: number; packageIds: number[] }) => assignPackages(userId, packageIds),
    onSuccess: (user) => userChanged(queryClient, user),
    meta,
  })
}

/** The user detail page's text; the assigned-packages dialog passes 'Failed to remove package'. */
export function useUnassignPackage(meta: AppMeta = { errorMessage: 'Failed to unassign package', errorReason: 'title' }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, packageId }: { userId: number; packageId: number }) => unassignPackage(userId, packageId),
    onSuccess: (user) => userChanged(queryClient, user),
    meta,
  })
}

export function useChangeRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: Role }) => changeRole(userId, role),
    onSuccess: (user) => userChanged(queryClient, user),
    meta: { successMessage: 'Role updated', errorMessage: 'Failed to update role', errorReason: 'title' },
  })
}

/** Assigns a package to the user directly with its due settings, or changes them (the user detail's due editor). */
export function useSetDirectAssignment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, packageId, settings }: { userId: number; packageId: number; settings: DueSettingsInput }) =>
      setDirectAssignment(userId, packageId, settings),
    onSuccess: (user) => userChanged(queryClient, user),
    meta: { successMessage: 'Due date saved', errorMessage: 'Failed to save the due date', errorReason: 'description' },
  })
}
