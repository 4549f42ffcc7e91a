import { screen } from '@testing-library/react'

/** Toasts by their text (sonner renders them outside the page). */
const inToast = { selector: '[data-sonner-toast] *' }

export const findToast = (text: string | RegExp) => screen.findByText(text, inToast)
export const queryToast = (text: string | RegExp) => screen.queryByText(text, inToast)
export const queryToasts = (text: string | RegExp) => screen.queryAllByText(text, inToast)
