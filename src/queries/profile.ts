import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '../../contract/auth.ts'
import type { ProfileInput } from '../../contract/users.ts'
import { api, unwrap } from '../api/client.ts'
import { getToken, saveSession } from '../api/session.ts'
import { userKeys } from './user.ts'

// Apart from account.ts: the viewer saves the player's choices, and a module sits whole in one chunk, so the account
// pages' calls would come with the viewer.

export const updateProfile = (json: ProfileInput) => unwrap(api.user.profile.$put({ json }))

/** The caller's own record changed: the current-user cache (and so the top-bar avatar) and the stored session take it. */
export function currentUserChanged(queryClient: ReturnType<typeof useQueryClient>, user: User) {
  queryClient.setQueryData(userKeys.current(), user)
  const token = getToken()
  if (token) saveSession(token, user)
  // Other screens that list users (admin tables, a user's detail) show the new name on their next look.
  return queryClient.invalidateQueries({ queryKey: userKeys.all, predicate: (query) => query.queryKey[1] !== 'current' })
}

/** The player's remembered choices (captions language and switch, speed), saved quietly as the learner changes them. */
export type PlayerPreferences = Partial<Pick<User, 'captionsLanguage' | 'captionsOn' | 'playbackRate'>>

export function useSavePlayerPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, ...preferences }: PlayerPreferences & { name: string }) => updateProfile({ name, ...preferences }),
    onSuccess: (user) => currentUserChanged(queryClient, user),
    meta: { errorMessage: 'Your player settings were not saved', errorReason: 'description' },
  })
}
