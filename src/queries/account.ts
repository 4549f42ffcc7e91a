import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '../../contract/auth.ts'
import { SIGNED_OUT_EVERYWHERE } from '../../contract/rules.ts'
import type { PasswordChangeInput, ResetPasswordInput } from '../../contract/users.ts'
import type { AcceptInvitationInput } from '../../contract/user-import.ts'
import { api, endSession, unwrap, unwrapMessage } from '../api/client.ts'
import { saveSession } from '../api/session.ts'
import { currentUserChanged, updateProfile } from './profile.ts'
import { successToast } from './meta.ts'

/** The signed-in user's own account (profile, password) and the mail-link pages (verify, resend, forgot, reset, invitation). */

export const accountKeys = {
  all: ['account'] as const,
  verify: (token: string) => [...accountKeys.all, 'verify', token] as const,
}

/** Ends the other sessions; the answer carries this session's fresh token. */
const changePassword = (json: PasswordChangeInput) => unwrap(api.user.password.$put({ json }))
/** Ends every session of the account, this one too. */
const signOutEverywhere = () => unwrapMessage(api.user.sessions.revoke.$post())
/** The mail-link calls answer with a text (the envelope's `message`) and no data. */
const verifyEmail = (token: string) => unwrapMessage(api.user.verify.$get({ query: { token } }))
const resendVerification = (email: string) => unwrapMessage(api.user['resend-verification'].$post({ query: { email } }))
const requestPasswordReset = (email: string) => unwrapMessage(api.user['forgot-password'].$post({ json: { email } }))
const resetPassword = (json: ResetPasswordInput) => unwrapMessage(api.user['reset-password'].$post({ json }))
/** Sets an invited account's first password; answers a session. */
const acceptInvitation = (json: AcceptInvitationInput) => unwrap(api.user['accept-invitation'].$post({ json }))

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

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => currentUserChanged(queryClient, user),
    meta: { successMessage: 'Profile updated', errorMessage: 'Failed to update profile', errorReason: 'title' },
  })
}

/** The Settings switch for reminder e-mails; the profile update takes the name as it is stored. */
export function useUpdateReminderEmails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { name: string; reminderEmails: boolean }) => updateProfile(input),
    onSuccess: (user) => currentUserChanged(queryClient, user),
    meta: {
      successToast: successToast<User, { reminderEmails: boolean }>((_user, { reminderEmails }) => ({
        title: reminderEmails ? 'Reminder e-mails turned on' : 'Reminder e-mails turned off',
      })),
      errorMessage: 'Failed to save the reminder e-mail setting',
      errorReason: 'description',
    },
  })
}

/** No failure toast here: the form shows a wrong current or weak new password under its field, and toasts anything else. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token, user }) => saveSession(token, user),
    meta: { successMessage: 'Password changed' },
  })
}

export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => endSession(SIGNED_OUT_EVERYWHERE),
    meta: {
      successToast: successToast<string>((message) => ({ title: message })),
      errorMessage: 'Failed to sign out everywhere',
      errorReason: 'title',
    },
  })
}

export const useResendVerification = () =>
  useMutation({ mutationFn: resendVerification, meta: { errorMessage: 'Failed to resend verification email' } })
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { errorMessage: 'Failed to send the password reset email' } })
/** Its failure shows on the page itself, not as a toast. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword })

/** Accepting an invitation signs the person in: the session it answers is kept. Its failure shows on the page. */
export const useAcceptInvitation = () =>
  useMutation({ mutationFn: acceptInvitation, onSuccess: ({ token, user }) => saveSession(token, user) })
