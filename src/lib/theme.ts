import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core'

export const THEME_KEY = 'theme'

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
})

function applyDarkClass(scheme: MantineColorScheme) {
  document.documentElement.classList.toggle('dark', scheme === 'dark')
}

/** Stores the choice under `theme` and keeps the `dark` class on <html> in step (public/theme-init.js sets both before the first paint). */
export function themeStorage(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined
  return {
    get: (fallback) => {
      const stored = localStorage.getItem(THEME_KEY)
      const scheme = stored === 'dark' || stored === 'light' ? stored : fallback
      applyDarkClass(scheme)
      return scheme
    },
    set: (scheme) => {
      localStorage.setItem(THEME_KEY, scheme)
      applyDarkClass(scheme)
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.key === THEME_KEY && (event.newValue === 'dark' || event.newValue === 'light')) {
          applyDarkClass(event.newValue)
          onUpdate(event.newValue)
        }
      }
      window.addEventListener('storage', listener)
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener)
    },
    clear: () => localStorage.removeItem(THEME_KEY),
  }
}
