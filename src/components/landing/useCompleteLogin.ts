import { useEffect, useRef, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import type { LoginResponse } from '../../../contract/auth.ts'
import { homeFor, saveSession } from '../../api/session.ts'
import { safeReturnPath } from '../../lib/return-path.ts'

export const REDIRECT_DELAY_MS = 2000

/**
 * After any successful sign-in (password or Google): store the session, say so, and after 2 s go to the page the
 * visitor asked for before signing in (`?redirect=`, a path inside the app only), else to the role's home.
 */
export function useCompleteLogin() {
  const router = useRouter()
  const [redirecting, setRedirecting] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function complete(result: LoginResponse) {
    saveSession(result.token, result.user)
    setRedirecting(true)
    const back = safeReturnPath((router.state.location.search as { redirect?: unknown }).redirect)
    timer.current = setTimeout(
      () => void (back ? router.navigate({ href: back }) : router.navigate({ to: homeFor(result.user.role) })),
      REDIRECT_DELAY_MS,
    )
  }

  return { complete, redirecting }
}
