import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import './styles.ts'
import { AppProviders } from './AppProviders.tsx'
import { createAppRouter, createQueryClient } from './router.tsx'
import { setUnauthorizedHandler } from './api/client.ts'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
setUnauthorizedHandler(() => {
  queryClient.clear()
  void router.navigate({ to: '/' })
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
