import type { ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { ThemeProviders } from './ThemeProviders.tsx'

/** Mantine, the toaster and Query: what the app's screens run in (src/App.tsx, and the SPA tests). */
export function AppProviders({ queryClient, children, env }: { queryClient: QueryClient; children: ReactNode; env?: 'test' }) {
  return (
    <ThemeProviders env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProviders>
  )
}
