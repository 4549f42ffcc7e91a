import { Suspense, lazy, type ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { theme, themeStorage } from './lib/theme.ts'
import { TOAST_LIMIT, DURATION } from './lib/toast.ts'

const colorSchemeManager = themeStorage()
// sonner is not part of the landing screen's first load (see src/lib/toast.ts).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** Mantine, Query and the toaster; shared by main.tsx and the SPA tests. */
export function AppProviders({ queryClient, children, env }: { queryClient: QueryClient; children: ReactNode; env?: 'test' }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* Below the top bar, so toasts never cover its theme toggle and avatar. */}
        <Suspense fallback={null}>
          <Toaster
            visibleToasts={TOAST_LIMIT}
            duration={DURATION.blank}
            position="top-right"
            offset={{ top: 72, right: 16 }}
            richColors
            closeButton
          />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  )
}
