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

/** Splits a row's own props from the element's, and gives the element the row's class and states. */
function splitRow<P extends NavItemParts & { className?: string }>(props: P) {
  const { label, description, leftSection, rightSection, active, rounded, turned, className, ...element } = props
  return {
    parts: { label, description, leftSection, rightSection, turned },
    element,
    row: {
      className: `${classes.root} mantine-focus-auto${className ? ` ${className}` : ''}`,
      'data-active': active || undefined,
      'data-rounded': rounded || undefined,
    },
  }
}

type NavButtonProps = NavItemParts & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>

/** A navigation row that is a button (a video to play, Logout, a group's toggle). */
export function NavButton(props: NavButtonProps) {
  const { parts, element, row } = splitRow(props)
  return (
    <button type="button" {...element} {...row}>
      <Parts {...parts} />
    </button>
  )
}

type NavAnchorProps = NavItemParts & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> & { ref?: Ref<HTMLAnchorElement> }

function NavAnchor(props: NavAnchorProps) {
  const { parts, element, row } = splitRow(props)
  return (
    <a {...element} {...row}>
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
