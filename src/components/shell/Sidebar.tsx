import { Suspense, lazy, type ComponentProps, type ReactNode } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { IconBox, IconCertificate, IconHome, IconLogout, IconSettings } from '@tabler/icons-react'
import type { Role } from '../../../contract/auth.ts'
import { NavButton } from '../ui/NavItem.tsx'
import { SIDEBAR_ICON, SidebarEntry } from './SidebarEntry.tsx'
import classes from './Sidebar.module.css'

// The staff's entries (and their icons) load only for staff: a learner's screens never ask for them.
const StaffEntries = lazy(() => import('./StaffEntries.tsx').then((m) => ({ default: m.StaffEntries })))

interface SidebarProps {
  role: Role | null
  onNavigate: () => void
  onLogout: () => void
}

/**
 * Sidebar entries (docs/product.md#screens), plus Dashboard: the admin's way back to /dashboard; Home stays the learner home.
 * The admin entries are hidden only when the stored role is USER.
 */
export function Sidebar({ role, onNavigate, onLogout }: SidebarProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const item = (to: ComponentProps<typeof SidebarEntry>['to'], label: string, icon: ReactNode) => (
    <SidebarEntry key={to} to={to} label={label} icon={icon} pathname={pathname} onNavigate={onNavigate} />
  )

  return (
    <div className={classes.root}>
      <div className={classes.links}>
        <nav aria-label="Main">
          {item('/user/my-dashboard', 'Home', <IconHome {...SIDEBAR_ICON} />)}
          {item('/user/packages', 'My Packages', <IconBox {...SIDEBAR_ICON} />)}
          {item('/user/certificates', 'My certificates', <IconCertificate {...SIDEBAR_ICON} />)}
          {item('/user/settings', 'Settings', <IconSettings {...SIDEBAR_ICON} />)}
          {role !== 'USER' ? (
            <Suspense fallback={null}>
              <StaffEntries pathname={pathname} onNavigate={onNavigate} />
            </Suspense>
          ) : null}
        </nav>
      </div>
      <NavButton label="Logout" leftSection={<IconLogout {...SIDEBAR_ICON} />} onClick={onLogout} className={classes.logout} />
    </div>
  )
}
