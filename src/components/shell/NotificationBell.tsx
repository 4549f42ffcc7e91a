import { Anchor, Badge, Button, Group, Loader, Popover, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { IconBell } from '@tabler/icons-react'
import type { MouseEvent } from 'react'
import type { Notification } from '../../../contract/notifications.ts'
import { latestNotificationsQueryOptions, useMarkAllNotificationsRead, useMarkNotificationRead } from '../../queries/notifications.ts'
import { DateTime } from '../ui/DateTime.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

const HEADING_ID = 'notifications-heading'

const unreadText = (count: number) =>
  count === 0 ? 'No unread notifications' : `${count} unread ${count === 1 ? 'notification' : 'notifications'}`

/** The top bar's bell: the unread count (announced politely as it changes) and a list to read, mark and follow. */
export function NotificationBell() {
  const [opened, popover] = useDisclosure(false)
  const notifications = useQuery(latestNotificationsQueryOptions())
  const unread = notifications.data?.unreadCount ?? 0
  return (
    <>
      <Popover
        opened={opened}
        onChange={(open) => (open ? popover.open() : popover.close())}
        onDismiss={popover.close}
        position="bottom-end"
        width={360}
        shadow="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            variant="default"
            px={10}
            leftSection={<IconBell size={18} aria-hidden />}
            onClick={popover.toggle}
            aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
            aria-haspopup="dialog"
            aria-expanded={opened}
            styles={{ section: unread === 0 ? { marginInlineEnd: 0 } : undefined }}
          >
            {unread > 0 ? unread : null}
          </Button>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-labelledby={HEADING_ID}>
          <NotificationList onFollow={popover.close} />
        </Popover.Dropdown>
      </Popover>
      {notifications.data && <VisuallyHidden aria-live="polite">{unreadText(unread)}</VisuallyHidden>}
    </>
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
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {notifications.data.items.map((item) => (
                <NotificationItem key={item.id} item={item} onFollow={onFollow} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
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
