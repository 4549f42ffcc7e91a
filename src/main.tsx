import './lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import './styles.ts'
import { AppProviders } from './AppProviders.tsx'
import { createAppRouter, createQueryClient, endSessionsWith } from './router.tsx'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
endSessionsWith(router, queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
