import type { ReactNode } from 'react'
import { NavItemLink } from '../ui/NavItem.tsx'

/** The sidebar's icon size and stroke. */
export const SIDEBAR_ICON = { size: 18, stroke: 1.6 }

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

interface SidebarEntryProps {
  to: SidebarPath
  label: string
  icon: ReactNode
  pathname: string
  onNavigate: () => void
  /** Overrides the entry's own test: current when the path is it or below it. */
  active?: boolean
}

/** One sidebar entry: a link, tinted while the page is it or below it. */
export function SidebarEntry({ to, label, icon, pathname, onNavigate, active }: SidebarEntryProps) {
  const current = active ?? (pathname === to || pathname.startsWith(`${to}/`))
  return <NavItemLink to={to} label={label} leftSection={icon} active={current} onClick={onNavigate} />
}
