import { Suspense, lazy, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { MantineProvider, useComputedColorScheme } from '@mantine/core'
import { applyDarkClass, cssVariablesResolver, theme, themeStorage } from './lib/theme.ts'
import { TOAST_LIMIT, DURATION, toasterDemand } from './lib/toast.ts'

const colorSchemeManager = themeStorage()
const TOAST_OFFSET_BOTTOM = 96
// sonner is not part of the landing screen's first load: the Toaster mounts with the first toast (see src/lib/toast.ts).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** Mantine with the theme, and the toaster: what the landing screen and the app both run in. */
export function ThemeProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      // Until a theme is chosen, the system's: light unless it asks for dark.
      defaultColorScheme="auto"
      env={env}
    >
      <DarkClass />
      {children}
      <DeferredToaster />
    </MantineProvider>
  )
}

/** Keeps the `dark` class on <html> in step with the scheme shown, also when the system's preference changes. */
function DarkClass() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  useEffect(() => applyDarkClass(scheme), [scheme])
  return null
}

/**
 * Bottom right, above the sticky Save All and Submit bars (about 70 px tall): toasts cover neither the page title and
 * its actions at the top nor those bars' buttons. Mounted once a toast has been raised.
 */
function DeferredToaster() {
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={TOAST_LIMIT}
        duration={DURATION.blank}
        position="bottom-right"
        offset={{ bottom: TOAST_OFFSET_BOTTOM, right: 16 }}
        mobileOffset={{ bottom: TOAST_OFFSET_BOTTOM, left: 16, right: 16 }}
        richColors
        closeButton
      />
    </Suspense>
  )
}
