import { useMutation } from '@tanstack/react-query'
import type { GoogleLoginRequest, LoginRequest, LoginResponse, RegisterRequest, User } from '../../contract/auth.ts'
import { call } from '../api/client.ts'

export const loginUser = (body: LoginRequest) => call<LoginResponse>('post', '/oauth2/loginUser', { json: body })
export const loginWithGoogle = (body: GoogleLoginRequest) => call<LoginResponse>('post', '/oauth2/login', { json: body })
export const registerUser = (body: RegisterRequest) => call<User>('post', '/oauth2/registerUser', { json: body })

/** 'Login Failed' toasts; the server's message (or 'Login failed') shows inline on the form. */
export const useLoginMutation = () => useMutation({ mutationFn: loginUser, meta: { errorMessage: 'Login Failed' } })
export const useGoogleLoginMutation = () => useMutation({ mutationFn: loginWithGoogle, meta: { errorMessage: 'Login Failed', errorReason: 'title' } })
export const useRegisterMutation = () => useMutation({ mutationFn: registerUser, meta: { errorMessage: 'Registration failed', errorReason: 'title' } })
