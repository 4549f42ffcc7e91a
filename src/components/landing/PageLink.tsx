import type { MouseEvent, ReactNode } from 'react'
import { Anchor, type AnchorProps } from '@mantine/core'
import { useLandingNav } from './landing-nav.ts'

/** `path` with `search` as the app writes it ('/user/resend-verification?email=a%40b.c'); empty values are left out. */
export function hrefOf(path: string, search: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => Boolean(entry[1])))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

const BASE = import.meta.env.BASE_URL.replace(/\/$/, '')

/** A link from the landing screen to another page of the app, opened by the landing's navigation (a plain click). */
export function PageLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  const { go, prepare } = useLandingNav()
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (modifier keys, another button) is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    go(href)
  }
  return (
    <Anchor
      component="a"
      href={`${BASE}${href}`}
      onClick={onClick}
      onMouseEnter={() => prepare(href)}
      onFocus={() => prepare(href)}
      {...props}
    >
      {children}
    </Anchor>
  )
}
