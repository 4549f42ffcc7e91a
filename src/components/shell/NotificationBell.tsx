import { Button, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconBell } from '@tabler/icons-react'
import { Suspense, lazy, useRef, useState } from 'react'
import { latestNotificationsQueryOptions } from '../../queries/notifications.ts'

// The list, its focus trap and its portal load when the bell is first pointed at, focused or pressed, not with every
// screen; mounted closed before the first press where it can be, so that the list fades in as it always did.
const NotificationPopup = lazy(() => import('./NotificationPopup.tsx').then((m) => ({ default: m.NotificationPopup })))

const unreadText = (count: number) =>
  count === 0 ? 'No unread notifications' : `${count} unread ${count === 1 ? 'notification' : 'notifications'}`

/**
 * The top bar's bell: the unread count (announced politely as it changes) and a list to read, mark and follow.
 *
 * The list is placed by hand under the bell's right edge, inside the window, rather than with Mantine's Popover:
 * Popover brings floating-ui (about 15 kB gzip) into every signed-in screen's first load for this one list. It
 * behaves as the Popover did: focus is trapped in it, Escape, a click outside or the bell closes it, and focus goes
 * back to the bell when it would otherwise be lost.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false)
  const [wanted, setWanted] = useState(false)
  const bell = useRef<HTMLButtonElement>(null)
  const notifications = useQuery(latestNotificationsQueryOptions())
  const unread = notifications.data?.unreadCount ?? 0
  const close = () => {
    if (!opened) return
    setOpened(false)
    const activeAtClose = document.activeElement
    window.setTimeout(() => {
      const active = document.activeElement
      if (active === null || active === document.body || active === activeAtClose) bell.current?.focus({ preventScroll: true })
    }, 10)
  }
  return (
    <>
      <Button
        ref={bell}
        variant="default"
        px={10}
        leftSection={<IconBell size={18} aria-hidden />}
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        onClick={() => {
          if (opened) return close()
          setWanted(true)
          setOpened(true)
        }}
        aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
        aria-haspopup="dialog"
        aria-expanded={opened}
        styles={{ section: unread === 0 ? { marginInlineEnd: 0 } : undefined }}
      >
        {unread > 0 ? unread : null}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationPopup opened={opened} bell={bell} onClose={close} />
        </Suspense>
      )}
      {notifications.data && <VisuallyHidden aria-live="polite">{unreadText(unread)}</VisuallyHidden>}
    </>
  )
}
