import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../api/client.ts'

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: () => [...notificationKeys.all, 'latest'] as const,
}

/** The bell shows this many of the newest. */
export const NOTIFICATIONS_SHOWN = 20
/** How often the bell looks for new notifications while the page is open (and on every return to the tab). */
const NOTIFICATIONS_POLL_MS = 60_000

const getLatest = () => unwrap(api.notifications.$get({ query: { page: '0', size: String(NOTIFICATIONS_SHOWN), unread: 'false' } }))
const markRead = (id: number) => unwrap(api.notifications[':id'].read.$post({ param: { id: String(id) } }))
const markAllRead = () => unwrap(api.notifications['read-all'].$post())

/** The signed-in user's newest notifications with the unread count. */
export const latestNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.latest(),
    queryFn: getLatest,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  })

export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    meta: { errorMessage: 'Failed to mark the notification as read', errorReason: 'description' },
  })
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    meta: { errorMessage: 'Failed to mark notifications as read', errorReason: 'description' },
  })
}
