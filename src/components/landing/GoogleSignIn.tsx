import { useState } from 'react'
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google'
import { Box } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { publicConfigQueryOptions } from '../../queries/config.ts'
import { useGoogleLoginMutation } from '../../queries/auth.ts'
import { useCompleteLogin } from './useCompleteLogin.ts'

/** Google's button heights per size (SPEC.md §9). */
export const GOOGLE_BUTTON_HEIGHT = { large: 40, medium: 32, small: 20 } as const

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon'
  theme?: 'outline' | 'filled_blue' | 'filled_black'
  size?: keyof typeof GOOGLE_BUTTON_HEIGHT
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin'
  shape?: 'rectangular' | 'pill' | 'circle' | 'square'
  logoAlignment?: 'left' | 'center'
  width?: number
  locale?: string
  /** Also show Google's One Tap prompt. */
  oneTap?: boolean
}

/**
 * The Google sign-in button. Not rendered when the server has no Google client id; a script that
 * fails to load is logged and the rest of the page keeps working.
 */
export function GoogleSignIn(options: GoogleButtonOptions) {
  // The sign-in screen never waits for it: the button appears once the server says Google is configured.
  const { data: config } = useQuery(publicConfigQueryOptions())
  const [scriptFailed, setScriptFailed] = useState(false)
  const clientId = config?.googleClientId
  if (!clientId || scriptFailed) return null
  return (
    <GoogleOAuthProvider
      clientId={clientId}
      locale={options.locale}
      onScriptLoadError={() => {
        console.error('Google Identity Services failed to load')
        setScriptFailed(true)
      }}
    >
      <GoogleButton {...options} />
    </GoogleOAuthProvider>
  )
}

function GoogleButton({
  size = 'large',
  type = 'standard',
  theme = 'outline',
  text = 'signin_with',
  shape = 'rectangular',
  logoAlignment = 'left',
  width = 280,
  oneTap = false,
}: GoogleButtonOptions) {
  const google = useGoogleLoginMutation()
  const { complete } = useCompleteLogin()
  return (
    <Box h={GOOGLE_BUTTON_HEIGHT[size]} data-testid={`google-button-${size}`}>
      <GoogleLogin
        type={type}
        theme={theme}
        size={size}
        text={text}
        shape={shape}
        logo_alignment={logoAlignment}
        width={width}
        useOneTap={oneTap}
        onSuccess={({ credential }) => {
          if (!credential) {
            console.error('Google sign-in returned no credential')
            return
          }
          google.mutate({ idToken: credential }, { onSuccess: complete })
        }}
        onError={() => console.error('Google sign-in failed')}
      />
    </Box>
  )
}
