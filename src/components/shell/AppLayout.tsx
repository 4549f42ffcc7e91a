import { Suspense } from 'react'
import { ActionIcon, Box, Burger, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { Outlet, useNavigate } from '@tanstack/react-router'
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react'
import { zeroRightClassName } from 'react-remove-scroll-bar/constants'
import '../../full-styles.ts'
import { clearSession, getRole } from '../../api/session.ts'
import { Sidebar } from './Sidebar.tsx'
import { NotificationBell } from './NotificationBell.tsx'
import { ThemeToggle } from '../ui/ThemeToggle.tsx'
import { AccountAvatar } from './AccountAvatar.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { MAIN_ID, SkipLink } from '../ui/SkipLink.tsx'
import { PagePending } from '../ui/PagePending.tsx'
import { Tooltip } from '../ui/Tooltip.tsx'
import classes from './AppLayout.module.css'

const NAVBAR_ID = 'app-navbar'

/** The signed-in shell: sidebar (a drawer on phones), top bar with collapse toggle, notifications, theme toggle and avatar. */
export function AppLayout() {
  const [mobileOpened, mobile] = useDisclosure(false)
  const [desktopOpened, desktop] = useDisclosure(true)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const role = getRole()

  function logout() {
    clearSession()
    queryClient.clear()
    void navigate({ to: '/' })
  }

  return (
    <div className={classes.root} data-mobile-opened={mobileOpened || undefined} data-desktop-collapsed={!desktopOpened || undefined}>
      <SkipLink />
      {/* Kept clear of the scroll bar a dialog hides while it is open, as the page is. */}
      <header className={`${classes.header} ${zeroRightClassName}`}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close menu' : 'Open menu'}
              aria-expanded={mobileOpened}
              aria-controls={NAVBAR_ID}
            />
            <Tooltip label={desktopOpened ? 'Collapse sidebar' : 'Expand sidebar'}>
              <ActionIcon
                variant="subtle"
                size="lg"
                visibleFrom="sm"
                onClick={desktop.toggle}
                aria-label={desktopOpened ? 'Collapse sidebar' : 'Expand sidebar'}
                aria-expanded={desktopOpened}
                aria-controls={NAVBAR_ID}
              >
                {desktopOpened ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
              </ActionIcon>
            </Tooltip>
            <AnchorLink to="/user/my-dashboard" fw={700} size="lg" c="indigo" underline="never">
              Learnpack
            </AnchorLink>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell />
            <ThemeToggle />
            <AccountAvatar />
          </Group>
        </Group>
      </header>
      <Box component="nav" p="xs" className={classes.navbar} aria-label="Sidebar" id={NAVBAR_ID}>
        <Sidebar role={role} onNavigate={mobile.close} onLogout={logout} />
      </Box>
      {/* Named: a SCORM package in the viewer brings its own unnamed <main> inside its frame, and the two must differ. */}
      <main className={classes.main} id={MAIN_ID} tabIndex={-1} aria-label="Page content">
        {/* A page still on its way (its code, its skeleton's code or its data) waits here, inside the shell. */}
        <Suspense fallback={<PagePending />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
