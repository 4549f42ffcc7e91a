import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import classes from './NavItem.module.css'

/**
 * A navigation row: the sidebar's entries and the viewer outline's videos. Plain elements styled as Mantine's NavLink,
 * which brought its Collapse (about 2 kB gzip) into every signed-in screen's first load.
 */
interface NavItemParts {
  label: ReactNode
  description?: ReactNode
  leftSection?: ReactNode
  rightSection?: ReactNode
  /** Tinted as the current entry (also `data-active`, which tests and styles read). */
  active?: boolean
  /** Rounded corners, for rows inside a panel. */
  rounded?: boolean
  /** Turns the right section a quarter (a group's chevron, when the group is open). */
  turned?: boolean
}

function Parts({ label, description, leftSection, rightSection, turned }: NavItemParts) {
  return (
    <>
      {leftSection ? (
        <span className={classes.section} data-position="left">
          {leftSection}
        </span>
      ) : null}
      <span className={classes.body}>
        <span className={classes.label}>{label}</span>
        {description ? <span className={classes.description}>{description}</span> : null}
      </span>
      {rightSection ? (
        <span className={classes.section} data-position="right" data-rotate={turned || undefined}>
          {rightSection}
        </span>
      ) : null}
    </>
  )
}

const rowProps = ({ active, rounded }: NavItemParts, className: string | undefined) => ({
  className: `${classes.root} mantine-focus-auto${className ? ` ${className}` : ''}`,
  'data-active': active || undefined,
  'data-rounded': rounded || undefined,
})

type NavButtonProps = NavItemParts & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>

/** A navigation row that is a button (a video to play, Logout, a group's toggle). */
export function NavButton({
  label,
  description,
  leftSection,
  rightSection,
  active,
  rounded,
  turned,
  className,
  ...button
}: NavButtonProps) {
  const parts = { label, description, leftSection, rightSection, active, rounded, turned }
  return (
    <button type="button" {...button} {...rowProps(parts, className)}>
      <Parts {...parts} />
    </button>
  )
}

type NavAnchorProps = NavItemParts & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> & { ref?: Ref<HTMLAnchorElement> }

function NavAnchor({ label, description, leftSection, rightSection, active, rounded, className, ...anchor }: NavAnchorProps) {
  const parts = { label, description, leftSection, rightSection, active, rounded }
  return (
    <a {...anchor} {...rowProps(parts, className)}>
      <Parts {...parts} />
    </a>
  )
}

/** A navigation row that is a router link, with a typed `to`. */
export const NavItemLink: LinkComponent<typeof NavAnchor> = createLink(NavAnchor)

/** The rows under a group's toggle, indented. */
export function NavChildren({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className={classes.children}>
      {children}
    </div>
  )
}
