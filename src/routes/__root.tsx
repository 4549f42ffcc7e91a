import type { QueryClient } from '@tanstack/react-query'
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { RouteError } from '../components/ui/RouteError.tsx'
import { NotFound } from '../components/ui/NotFound.tsx'
import { useFocusHeadingOnNavigate } from '../lib/focus-on-navigate.ts'

export interface RouterContext {
  queryClient: QueryClient
}

function RootLayout() {
  useFocusHeadingOnNavigate()
  return <Outlet />
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})
