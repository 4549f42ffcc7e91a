import { createFileRoute, redirect } from '@tanstack/react-router'
import { AuthPanel } from '../components/landing/AuthPanel.tsx'
import { getRole, getToken, homeFor } from '../api/session.ts'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: homeFor(getRole()) })
  },
  component: AuthPanel,
  // Not split: the landing screen is the entry's first screen, so its code rides in the entry chunk (one request and one
  // compression context instead of a dozen small chunks; `npm run check:bundle` measures it).
  codeSplitGroupings: [],
})
