import { Anchor, Badge, Button, FocusTrap, Group, Loader, Portal, Stack, Text, Transition } from '@mantine/core'
import { useClickOutside, useWindowEvent } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useLayoutEffect, useState, type CSSProperties, type MouseEvent, type RefObject } from 'react'
import type { Notification } from '../../../contract/notifications.ts'
import { latestNotificationsQueryOptions, useMarkAllNotificationsRead, useMarkNotificationRead } from '../../queries/notifications.ts'
import { DateTime } from '../ui/DateTime.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import classes from './NotificationBell.module.css'

const HEADING_ID = 'notifications-heading'
const WIDTH = 360
/** Space between the bell and the list, and the least between the list and the window's edges. */
const OFFSET = 8
const EDGE = 5

/** The bell's list, faded in and out over the page (loaded when the bell is first pointed at, focused or pressed). */
export function NotificationPopup({
  opened,
  bell,
  onClose,
}: {
  opened: boolean
  bell: RefObject<HTMLButtonElement | null>
  onClose: () => void
}) {
  return (
    <Transition mounted={opened} transition="fade" duration={150}>
      {(transition) => (
        <Portal>
          <NotificationPanel bell={bell} onClose={onClose} style={transition} />
        </Portal>
      )}
    </Transition>
  )
}

/** Where the list goes: under the bell, its right edge at the bell's, moved left or right to stay in the window. */
function place(bell: HTMLElement) {
  const rect = bell.getBoundingClientRect()
  const width = Math.min(WIDTH, window.innerWidth - 2 * EDGE)
  const left = Math.max(EDGE, Math.min(rect.right - width, window.innerWidth - EDGE - width))
  return { top: rect.bottom + OFFSET, left, width }
}

function NotificationPanel({
  bell,
  onClose,
  style,
}: {
  bell: RefObject<HTMLButtonElement | null>
  onClose: () => void
  style: CSSProperties
}) {
  const [panel, setPanel] = useState<HTMLDivElement | null>(null)
  const [position, setPosition] = useState<ReturnType<typeof place> | null>(null)
  const update = () => {
    if (bell.current) setPosition(place(bell.current))
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once on open, then on resize and scroll
  useLayoutEffect(update, [])
  useWindowEvent('resize', update)
  useWindowEvent('scroll', update, { capture: true, passive: true })
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') onClose()
  })
  useClickOutside(onClose, ['mousedown', 'touchstart'], [bell.current, panel])
  return (
    <FocusTrap active>
      <div
        ref={setPanel}
        className={classes.panel}
        role="dialog"
        aria-labelledby={HEADING_ID}
        tabIndex={-1}
        style={{ ...style, ...position, visibility: position ? undefined : 'hidden' }}
      >
        <NotificationList onFollow={onClose} />
      </div>
    </FocusTrap>
  )
}

function NotificationList({ onFollow }: { onFollow: () => void }) {
  const notifications = useQuery(latestNotificationsQueryOptions())
  const markAll = useMarkAllNotificationsRead()
  const unread = notifications.data?.unreadCount ?? 0
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text fw={600} id={HEADING_ID} component="h2" size="md" m={0}>
          Notifications
        </Text>
        <Button variant="subtle" size="compact-sm" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all read
        </Button>
      </Group>
      {notifications.data ? (
        notifications.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" px="md" pb="md">
            No notifications yet.
          </Text>
        ) : (
          <div className={classes.list}>
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {notifications.data.items.map((item) => (
                <NotificationItem key={item.id} item={item} onFollow={onFollow} />
              ))}
            </Stack>
          </div>
        )
      ) : notifications.isError ? (
        <LoadFailed onRetry={() => void notifications.refetch()} retrying={notifications.isFetching}>
          Failed to load notifications
        </LoadFailed>
      ) : (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading notifications" />
        </Group>
      )}
    </Stack>
  )
}

function NotificationItem({ item, onFollow }: { item: Notification; onFollow: () => void }) {
  const router = useRouter()
  const markRead = useMarkNotificationRead()
  const unread = item.readAt === null
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window follows the href by itself; this tab reads it and goes there through the router.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    if (unread) markRead.mutate(item.id)
    onFollow()
    void router.navigate({ href: item.link })
  }
  return (
    <Stack component="li" gap={4} px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        <Anchor href={router.history.createHref(item.link)} onClick={follow} fw={unread ? 700 : 500} size="sm">
          {item.title}
        </Anchor>
        {unread && (
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            Unread
          </Badge>
        )}
      </Group>
      <Text size="sm">{item.body}</Text>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          <DateTime value={item.createdAt} />
        </Text>
        {unread && (
          <Button
            variant="subtle"
            size="compact-xs"
            loading={markRead.isPending}
            onClick={() => markRead.mutate(item.id)}
            aria-label={`Mark read: ${item.title}`}
          >
            Mark read
          </Button>
        )}
      </Group>
    </Stack>
  )
}
