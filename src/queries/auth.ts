import { useMutation } from '@tanstack/react-query'
import type { GoogleLoginRequest, LoginRequest, LoginResponse, RegisterRequest, User } from '../../contract/auth.ts'
import { call } from '../api/client.ts'

export const loginUser = (body: LoginRequest) => call<LoginResponse>('post', '/oauth2/loginUser', { json: body })
export const loginWithGoogle = (body: GoogleLoginRequest) => call<LoginResponse>('post', '/oauth2/login', { json: body })
export const registerUser = (body: RegisterRequest) => call<User>('post', '/oauth2/registerUser', { json: body })

export const useLoginMutation = () => useMutation({ mutationFn: loginUser })
export const useGoogleLoginMutation = () => useMutation({ mutationFn: loginWithGoogle })
export const useRegisterMutation = () => useMutation({ mutationFn: registerUser })
