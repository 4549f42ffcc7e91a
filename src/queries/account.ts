import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { HTTPError } from 'ky'
import type { User } from '../../contract/auth.ts'
import type { Envelope } from '../../contract/envelope.ts'
import type { PasswordChangeInput, ProfileInput, ResetPasswordInput } from '../../contract/users.ts'
import { call, http } from '../api/client.ts'
import { ApiError, toApiError } from '../api/errors.ts'
import { getToken, saveSession } from '../api/session.ts'
import { userKeys } from './user.ts'

/** The signed-in user's own account (profile, password) and the mail-link pages (verify, resend, forgot, reset). */

export const accountKeys = {
  all: ['account'] as const,
  verify: (token: string) => [...accountKeys.all, 'verify', token] as const,
}

/** Sends a call whose answer is a text in the envelope's `message` (the mail-link calls carry no data). */
async function callForMessage(method: 'get' | 'post', path: string, options: { json?: unknown; searchParams?: Record<string, string> } = {}): Promise<string> {
  try {
    const body = await http(path.replace(/^\//, ''), { method, json: options.json, searchParams: options.searchParams }).json<Envelope<unknown>>()
    return body.message ?? ''
  } catch (error) {
    if (error instanceof HTTPError) throw toApiError(error.response.status, error.data)
    if (error instanceof ApiError) throw error
    throw toApiError(0, null)
  }
}

export const updateProfile = (input: ProfileInput) => call<User>('put', '/user/profile', { json: input })
export const changePassword = (input: PasswordChangeInput) => call<User>('put', '/user/password', { json: input })
export const verifyEmail = (token: string) => callForMessage('get', '/user/verify', { searchParams: { token } })
export const resendVerification = (email: string) => callForMessage('post', '/user/resend-verification', { searchParams: { email } })
export const requestPasswordReset = (email: string) => callForMessage('post', '/user/forgot-password', { json: { email } })
export const resetPassword = (input: ResetPasswordInput) => callForMessage('post', '/user/reset-password', { json: input })

/**
 * Verifying spends the token, so it runs once per token: never refetched, never retried, kept for the
 * page's lifetime (a second mount or a focus change would otherwise answer 'already used').
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.verify(token),
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

/** The caller's own record changed: the current-user cache (and so the top-bar avatar) and the stored session take it. */
function currentUserChanged(queryClient: ReturnType<typeof useQueryClient>, user: User) {
  queryClient.setQueryData(userKeys.current(), user)
  const token = getToken()
  if (token) saveSession(token, user)
  // Other screens that list users (admin tables, a user's detail) show the new name on their next look.
  return queryClient.invalidateQueries({ queryKey: userKeys.all, predicate: (query) => query.queryKey[1] !== 'current' })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => currentUserChanged(queryClient, user),
    meta: { errorMessage: 'Failed to update profile', errorReason: 'title' },
  })
}

/** No failure toast here: the form shows a wrong current or weak new password under its field, and toasts anything else. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification, meta: { errorMessage: 'Failed to resend verification email' } })
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset, meta: { errorMessage: 'Failed to send the password reset email' } })
/** Its failure shows on the page itself, not as a toast. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
