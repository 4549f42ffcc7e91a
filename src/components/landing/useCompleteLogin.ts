import { useEffect, useRef, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import type { LoginResponse } from '../../../contract/auth.ts'
import { homeFor, saveSession } from '../../api/session.ts'

export const REDIRECT_DELAY_MS = 2000

/** After any successful sign-in (its mutation says 'Login Success'): store the session, and after 2 s go to the role's home. */
export function useCompleteLogin() {
  const navigate = useNavigate()
  const [redirecting, setRedirecting] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function complete(result: LoginResponse) {
    saveSession(result.token, result.user)
    setRedirecting(true)
    timer.current = setTimeout(() => void navigate({ to: homeFor(result.user.role) }), REDIRECT_DELAY_MS)
  }

  return { complete, redirecting }
}
