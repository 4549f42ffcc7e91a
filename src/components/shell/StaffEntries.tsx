import { useId, useState } from 'react'
import {
  IconChartBar,
  IconChevronRight,
  IconFolderCog,
  IconLayoutDashboard,
  IconUpload,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react'
import { NavButton, NavChildren } from '../ui/NavItem.tsx'
import { SIDEBAR_ICON, SidebarEntry } from './SidebarEntry.tsx'

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

/** The staff's sidebar entries: Dashboard, Users Details, Groups, Reports and the Manage Content group. */
export function StaffEntries({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const inManageContent = MANAGE_CONTENT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  const [groupToggled, setGroupToggled] = useState(false)
  // Open on any of its pages, however the admin got there; the toggle works everywhere else.
  const open = inManageContent || groupToggled
  const groupId = useId()
  const entry = { pathname, onNavigate }
  return (
    <>
      <SidebarEntry to="/dashboard" label="Dashboard" icon={<IconLayoutDashboard {...SIDEBAR_ICON} />} {...entry} />
      <SidebarEntry to="/admin/paginated-users" label="Users Details" icon={<IconUsers {...SIDEBAR_ICON} />} {...entry} />
      <SidebarEntry to="/groups" label="Groups" icon={<IconUsersGroup {...SIDEBAR_ICON} />} {...entry} />
      <SidebarEntry to="/reports" label="Reports" icon={<IconChartBar {...SIDEBAR_ICON} />} {...entry} />
      <NavButton
        label="Manage Content"
        leftSection={<IconFolderCog {...SIDEBAR_ICON} />}
        rightSection={<IconChevronRight size={14} stroke={1.5} aria-hidden />}
        turned={open}
        aria-expanded={open}
        aria-controls={open ? groupId : undefined}
        onClick={() => setGroupToggled(!open)}
      />
      {open ? (
        <NavChildren id={groupId}>
          <SidebarEntry to="/admin/package-assigner" label="Assign Packages" icon={<IconUserPlus {...SIDEBAR_ICON} />} {...entry} />
          <SidebarEntry
            to="/package"
            label="Upload Content"
            icon={<IconUpload {...SIDEBAR_ICON} />}
            active={inManageContent && !pathname.startsWith('/admin/')}
            {...entry}
          />
        </NavChildren>
      ) : null}
    </>
  )
}
