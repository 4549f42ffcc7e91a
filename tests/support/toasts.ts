import { screen } from '@testing-library/react'
import { onTestFinished } from 'vitest'

/** Toasts by their text (sonner renders them outside the page). */
const inToast = { selector: '[data-sonner-toast] *' }

export const findToast = (text: string | RegExp) => screen.findByText(text, inToast)
export const queryToast = (text: string | RegExp) => screen.queryByText(text, inToast)
export const queryToasts = (text: string | RegExp) => screen.queryAllByText(text, inToast)

/**
 * Every toast shown from now until the test ends, kept after it closes: counting what is on screen races the toast's
 * duration (2 s for a success) when the steps between two toasts are slow on a loaded machine.
 */
export function watchToasts() {
  const before = new Set(document.querySelectorAll('[data-sonner-toast]'))
  const shown = new Set<Element>()
  const collect = () => {
    for (const toast of document.querySelectorAll('[data-sonner-toast]')) if (!before.has(toast)) shown.add(toast)
  }
  const observer = new MutationObserver(collect)
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  onTestFinished(() => observer.disconnect())
  return {
    /** How many toasts reading `text` (their title) have been shown since the watch began. */
    count(text: string) {
      collect()
      return [...shown].filter((toast) => toast.querySelector('[data-title]')?.textContent === text).length
    },
  }
}
