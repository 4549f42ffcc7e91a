/** Focuses a heading as the start of what changed (tabIndex -1: reachable by script, not by Tab). */
export function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
}
