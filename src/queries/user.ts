import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'

export const userKeys = {
  all: ['users'] as const,
  current: () => [...userKeys.all, 'current'] as const,
  pages: () => [...userKeys.all, 'page'] as const,
  page: (page: number, size: number) => [...userKeys.pages(), page, size] as const,
  list: () => [...userKeys.all, 'list'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
}

const getCurrentUser = () => unwrap(api.user.getUserByEmail.$get())

/** The signed-in user (the shell, the learner's screens); the admin's user lists and changes are in users.ts. */
export const currentUserQueryOptions = () => queryOptions({ queryKey: userKeys.current(), queryFn: getCurrentUser })
