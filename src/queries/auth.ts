import type { GoogleLoginRequest, LoginRequest, RegisterRequest } from '../../contract/auth.ts'
import { api, unwrap } from '../api/client.ts'
import { useCall } from './use-call.ts'
import { retryWhileBusy } from './busy-retry.ts'

export const loginUser = (json: LoginRequest) => unwrap(api.oauth2.loginUser.$post({ json }))
const loginWithGoogle = (json: GoogleLoginRequest) => unwrap(api.oauth2.login.$post({ json }))
export const registerUser = (json: RegisterRequest) => unwrap(api.oauth2.registerUser.$post({ json }))

// The landing screen's calls, which run without TanStack Query (useCall): the landing loads without it.

/**
 * 'Login Failed' toasts; the server's message (or 'Login failed') shows inline on the form. A refusal for capacity
 * (503) is asked again by itself first, so the form only says so once the retries are spent.
 */
export const useLogin = () =>
  useCall(loginUser, { ...retryWhileBusy, meta: { successMessage: 'Login Success', errorMessage: 'Login Failed' } })
export const useGoogleLogin = () =>
  useCall(loginWithGoogle, { meta: { successMessage: 'Login Success', errorMessage: 'Login Failed', errorReason: 'title' } })
export const useRegister = () =>
  useCall(registerUser, {
    meta: { successMessage: 'User registered successfully', errorMessage: 'Registration failed', errorReason: 'title' },
  })
