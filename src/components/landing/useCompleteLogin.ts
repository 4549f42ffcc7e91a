import { useEffect, useRef, useState } from 'react'
import type { LoginResponse } from '../../../contract/auth.ts'
import { homeFor, saveSession } from '../../api/session.ts'
import { useLandingNav } from './landing-nav.ts'

export const REDIRECT_DELAY_MS = 2000

/**
 * After any successful sign-in (password or Google): store the session, say so, and after 2 s go to the page the
 * visitor asked for before signing in (`?redirect=`, a path inside the app only), else to the role's home.
 */
export function useCompleteLogin() {
  const { returnPath, go, prepare } = useLandingNav()
  const [redirecting, setRedirecting] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function complete(result: LoginResponse) {
    saveSession(result.token, result.user)
    setRedirecting(true)
    const next = returnPath ?? homeFor(result.user.role)
    prepare(next)
    timer.current = setTimeout(() => go(next), REDIRECT_DELAY_MS)
  }

  return { complete, redirecting }
}
