import type { MouseEvent } from 'react'
import classes from './SkipLink.module.css'

/** The id of the element a page's skip link jumps to (the shell's and the signed-out pages' <main>, with tabIndex -1). */
export const MAIN_ID = 'main-content'

/** Moves focus into <main> without touching the URL (the router owns it). */
function skip(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID)
  if (!main) return
  event.preventDefault()
  main.focus()
}

/** 'Skip to main content': the first focusable element of the shell and the signed-out pages. */
export function SkipLink() {
  return (
    <a className={classes.skip} href={`#${MAIN_ID}`} onClick={skip}>
      Skip to main content
    </a>
  )
}
