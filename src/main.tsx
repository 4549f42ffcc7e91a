import './lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.ts'
import { Root } from './Root.tsx'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
)
