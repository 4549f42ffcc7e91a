import type { ReactNode } from 'react'
import { Text } from '@mantine/core'
import classes from './Breadcrumbs.module.css'

/**
 * Where a page sits, as a trail of links ending at the page itself (`aria-current="page"`, not a link). Each crumb
 * is a link element (an AnchorLink, say) or, for the last, plain text.
 */
export function Breadcrumbs({ trail, current }: { trail: ReactNode[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className={classes.list}>
        {trail.map((crumb, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed trail, in order
          <li key={i} className={classes.item}>
            {crumb}
          </li>
        ))}
        <li className={classes.item}>
          <Text span size="sm" c="dimmed" aria-current="page">
            {current}
          </Text>
        </li>
      </ol>
    </nav>
  )
}
