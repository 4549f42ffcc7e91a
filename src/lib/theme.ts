import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core'

export const THEME_KEY = 'theme'

/**
 * Colours are fixed here, once, for WCAG 2.2 AA (4.5:1 for text): no screen overrides them.
 * - Filled buttons use shade 8 in both schemes: white on indigo 8 is 5.67:1 (Mantine's indigo 6 gives 4.32:1).
 * - Coloured text (`c="red"`, `c="teal"`) uses shade 9 on light surfaces and shade 4 on dark ones.
 * - Dimmed text and placeholders are a darker grey in light (5.7:1 on white, 4.5:1 or more on the grey and indigo tints)
 *   and a lighter grey in dark (5.6:1 on dark 6, 4.6:1 on dark 5).
 * - Errors are red 9 in light and red 5 in dark (Mantine's red 8 on dark 7 gives 3.44:1).
 */
export const CONTRAST = {
  dimmedLight: '#60676e',
  dimmedDark: '#a6a6a6',
} as const

/**
 * Shade 9 is the text colour of the light badges and alerts (on shade 1): Mantine's teal, green, orange and yellow 9
 * give 4.3, 4.4, 3.6 and 2.7:1 there. Only that shade is darkened; the other nine are Mantine's.
 */
function withShade9(name: 'teal' | 'green' | 'orange' | 'yellow', shade9: string): MantineColorsTuple {
  const tuple = [...DEFAULT_THEME.colors[name]]
  tuple[9] = shade9
  return tuple as unknown as MantineColorsTuple
}

/** Colours whose `-text` variable (what `c="red"` resolves to) is darkened in the light scheme. */
const TEXT_COLORS = ['red', 'teal', 'green', 'indigo', 'blue', 'orange', 'yellow', 'gray', 'violet'] as const

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': CONTRAST.dimmedLight,
    '--mantine-color-placeholder': CONTRAST.dimmedLight,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(TEXT_COLORS.map((c) => [`--mantine-color-${c}-text`, `var(--mantine-color-${c}-9)`])),
    // A hovered light button: Mantine's indigo 2 under indigo 9 text is 4.1:1; between shades 1 and 2 it is 5.0:1.
    '--mantine-color-indigo-light-hover': '#d3ddff',
    // Light and subtle red buttons ("Delete", "Unassign"): red 9 on the hovered red 2 is 3.76:1; this red is 5.2:1 there
    // and 6.2:1 on red 1 at rest (a paler hover than red 1 would hardly show).
    '--mantine-color-red-light-color': '#a51d1d',
    // Outline badges and buttons: Mantine's shade 8 (the primary shade) is 3.95:1 for teal on white; shade 9 passes.
    ...Object.fromEntries(TEXT_COLORS.map((c) => [`--mantine-color-${c}-outline`, `var(--mantine-color-${c}-9)`])),
  },
  dark: {
    '--mantine-color-dimmed': CONTRAST.dimmedDark,
    '--mantine-color-placeholder': CONTRAST.dimmedDark,
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    // Outline badges and buttons: shade 4 (Mantine's choice for a dark primary shade 8) is 3.8:1 on dark 5; 3 passes.
    ...Object.fromEntries(TEXT_COLORS.map((c) => [`--mantine-color-${c}-outline`, `var(--mantine-color-${c}-3)`])),
  },
})

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  colors: {
    teal: withShade9('teal', '#0a6b4e'),
    green: withShade9('green', '#237032'),
    orange: withShade9('orange', '#a8380a'),
    yellow: withShade9('yellow', '#855600'),
  },
  defaultRadius: 'md',
  // Dialogs, drawers and menus open without animating for people who ask their system for less motion.
  respectReducedMotion: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // Every dialog's × is named once, here (a plain object: importing Modal would put it in the landing's first load).
    // Its <header> is not the page's banner (axe: landmark-no-duplicate-banner while a dialog is open).
    // Links are told apart from the text around them by more than colour (WCAG 1.4.1, axe link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, attributes: { header: { role: 'none' } } } },
    // A select's options open where the select is, inside the page's landmarks, not in a portal outside them (axe: region).
    Select: { defaultProps: { comboboxProps: { withinPortal: false } } },
  },
})

const systemPrefersDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches

/** Sets the `dark` class on <html> for a dark scheme ('auto': the system's preference) and removes it otherwise. */
export function applyDarkClass(scheme: MantineColorScheme) {
  document.documentElement.classList.toggle('dark', scheme === 'dark' || (scheme === 'auto' && systemPrefersDark()))
}

/**
 * Stores the choice under `theme` and keeps the `dark` class on <html> in step (public/theme-init.js sets both before the
 * first paint). With no choice saved, the fallback ('auto', the system's preference) applies.
 */
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
