import { useState, type AnchorHTMLAttributes, type ReactNode, type Ref } from 'react'
import { NavLink, Stack, type NavLinkProps } from '@mantine/core'
import { createLink, useRouterState, type LinkComponent } from '@tanstack/react-router'
import {
  IconBox,
  IconCertificate,
  IconChartBar,
  IconFolderCog,
  IconHome,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconUpload,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react'
import type { Role } from '../../../contract/auth.ts'
import classes from './Sidebar.module.css'

interface SidebarProps {
  role: Role | null
  onNavigate: () => void
  onLogout: () => void
}

const ICON = { size: 18, stroke: 1.6 }

type NavLinkBaseProps = NavLinkProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }
const NavLinkBase = (props: NavLinkBaseProps) => <NavLink component="a" {...props} />
/** A Mantine NavLink that is a router Link, with a typed `to`. */
const SidebarLink: LinkComponent<typeof NavLinkBase> = createLink(NavLinkBase)

type SidebarPath =
  | '/dashboard'
  | '/user/my-dashboard'
  | '/user/packages'
  | '/user/certificates'
  | '/user/settings'
  | '/admin/paginated-users'
  | '/groups'
  | '/reports'
  | '/admin/package-assigner'
  | '/package'

/** The pages under Manage Content: assigning, and the package list with every page below it. */
const MANAGE_CONTENT_PATHS = [
  '/admin/package-assigner',
  '/admin/package-to-user',
  '/package',
  '/topic',
  '/skill',
  '/subtopic',
  '/subtopic-mcqs',
]

/**
 * Sidebar entries (docs/product.md#screens), plus Dashboard: the admin's way back to /dashboard; Home stays the learner home.
 * The admin entries are hidden only when the stored role is USER.
 */
export function Sidebar({ role, onNavigate, onLogout }: SidebarProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const active = (to: SidebarPath) => pathname === to || pathname.startsWith(`${to}/`)
  const item = (to: SidebarPath, label: string, icon: ReactNode) => (
    <SidebarLink key={to} to={to} label={label} leftSection={icon} active={active(to)} onClick={onNavigate} />
  )
  const staff = role !== 'USER'
  const inManageContent = MANAGE_CONTENT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  const [groupToggled, setGroupToggled] = useState(false)

  return (
    <Stack justify="space-between" h="100%" gap={0}>
      <div className={classes.links}>
        <nav aria-label="Main">
          {item('/user/my-dashboard', 'Home', <IconHome {...ICON} />)}
          {item('/user/packages', 'My Packages', <IconBox {...ICON} />)}
          {item('/user/certificates', 'My certificates', <IconCertificate {...ICON} />)}
          {item('/user/settings', 'Settings', <IconSettings {...ICON} />)}
          {staff ? (
            <>
              {item('/dashboard', 'Dashboard', <IconLayoutDashboard {...ICON} />)}
              {item('/admin/paginated-users', 'Users Details', <IconUsers {...ICON} />)}
              {item('/groups', 'Groups', <IconUsersGroup {...ICON} />)}
              {item('/reports', 'Reports', <IconChartBar {...ICON} />)}
              <NavLink
                component="button"
                type="button"
                label="Manage Content"
                leftSection={<IconFolderCog {...ICON} />}
                // Open on any of its pages, however the admin got there; the toggle works everywhere else.
                opened={inManageContent || groupToggled}
                onChange={setGroupToggled}
                childrenOffset={28}
              >
                {item('/admin/package-assigner', 'Assign Packages', <IconUserPlus {...ICON} />)}
                <SidebarLink
                  to="/package"
                  label="Upload Content"
                  leftSection={<IconUpload {...ICON} />}
                  active={inManageContent && !pathname.startsWith('/admin/')}
                  onClick={onNavigate}
                />
              </NavLink>
            </>
          ) : null}
        </nav>
      </div>
      <NavLink component="button" label="Logout" leftSection={<IconLogout {...ICON} />} onClick={onLogout} c="red" />
    </Stack>
  )
}
