import { queryOptions } from '@tanstack/react-query'
import type { User } from '../../contract/auth.ts'
import { call } from '../api/client.ts'

export const userKeys = {
  all: ['users'] as const,
  current: () => [...userKeys.all, 'current'] as const,
}

export const getCurrentUser = () => call<User>('get', '/user/getUserByEmail')

export const currentUserQueryOptions = () => queryOptions({ queryKey: userKeys.current(), queryFn: getCurrentUser })
