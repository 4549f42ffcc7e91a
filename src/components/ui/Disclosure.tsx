import { useId, type ReactNode } from 'react'
import { IconChevronDown } from '@tabler/icons-react'
import classes from './Disclosure.module.css'

interface DisclosureProps {
  open: boolean
  onToggle: () => void
  /** The heading level its button sits in. */
  order: 3 | 4
  /** What the button shows (and is named by). */
  label: ReactNode
  children: ReactNode
  /** 'contained': bordered items, tinted while open; 'default': a line under each. */
  variant: 'contained' | 'default'
  chevronPosition?: 'left' | 'right'
}

/**
 * One item of an accordion: a heading whose button shows and hides a region named by it (the WAI-ARIA disclosure
 * pattern), styled as Mantine's Accordion. The panel is rendered only while open. The viewer's outline is built of
 * these: Mantine's Accordion, with its Collapse and its keyboard handler, cost the viewer's first load about 2.5 kB gzip.
 */
export function Disclosure({ open, onToggle, order, label, children, variant, chevronPosition = 'right' }: DisclosureProps) {
  const id = useId()
  const Heading = order === 3 ? 'h3' : 'h4'
  const chevron = (
    <span className={classes.chevron} data-position={chevronPosition} data-rotate={open || undefined}>
      <IconChevronDown size={16} stroke={1.5} aria-hidden />
    </span>
  )
  return (
    <div className={classes.item} data-variant={variant} data-open={open || undefined}>
      <Heading className={classes.heading}>
        <button
          type="button"
          id={`${id}-control`}
          className={`${classes.control} mantine-focus-auto`}
          data-chevron-position={chevronPosition}
          aria-expanded={open}
          aria-controls={open ? `${id}-panel` : undefined}
          onClick={onToggle}
        >
          {chevronPosition === 'left' ? chevron : null}
          <span className={classes.label}>{label}</span>
          {chevronPosition === 'right' ? chevron : null}
        </button>
      </Heading>
      {open ? (
        <section id={`${id}-panel`} aria-labelledby={`${id}-control`} className={classes.panel}>
          <div className={classes.content}>{children}</div>
        </section>
      ) : null}
    </div>
  )
}
