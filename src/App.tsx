import { useEffect, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { createAppRouter, createQueryClient, endSessionsWith } from './router.tsx'
import { PreviousPageContext } from './lib/focus-on-navigate.ts'

function createApp() {
  const queryClient = createQueryClient()
  return { queryClient, router: createAppRouter(queryClient) }
}

/**
 * The app: the router and Query at the address bar's page, inside src/Root.tsx's providers. Loaded on demand, so the
 * landing screen's first load has neither. `previousPage`: the landing screen's path when it handed over.
 */
export default function App({ previousPage }: { previousPage?: string }) {
  const [{ queryClient, router }] = useState(createApp)
  useEffect(() => endSessionsWith(router, queryClient), [router, queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <PreviousPageContext value={previousPage}>
        <RouterProvider router={router} />
      </PreviousPageContext>
    </QueryClientProvider>
  )
}
