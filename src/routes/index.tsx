import { createFileRoute, redirect } from '@tanstack/react-router'
import { AuthPanel } from '../components/landing/AuthPanel.tsx'
import { getRole, getToken, homeFor } from '../api/session.ts'
import { objectOf, searchReturnPath } from '../lib/route-schemas.ts'

export const Route = createFileRoute('/')({
  // `redirect`: the page a signed-out visitor asked for, to open once signed in.
  validateSearch: objectOf({ redirect: searchReturnPath }),
  beforeLoad: ({ search }) => {
    if (!getToken()) return
    if (search.redirect) throw redirect({ href: search.redirect })
    throw redirect({ to: homeFor(getRole()) })
  },
  component: AuthPanel,
  // Not split: the landing screen is the entry's first screen, so its code rides in the entry chunk (one request and one
  // compression context instead of a dozen small chunks; `npm run check:bundle` measures it).
  codeSplitGroupings: [],
})
