import { Suspense, lazy, useState } from 'react'
import { Box } from '@mantine/core'
import { usePublicConfig } from '../../queries/public-config.ts'

// Google's library is not part of the landing screen's first load: it loads only when Google sign-in is configured.
const GoogleButton = lazy(() => import('./GoogleButton.tsx').then((m) => ({ default: m.GoogleButton })))

/** Google's button heights per size: 40, 32 and 20 pixels. */
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
  const config = usePublicConfig()
  const [scriptFailed, setScriptFailed] = useState(false)
  const clientId = config?.googleClientId
  if (!clientId || scriptFailed) return null
  return (
    // The button's height is held while its code loads, so the form does not jump.
    <Suspense fallback={<Box h={GOOGLE_BUTTON_HEIGHT[options.size ?? 'large']} />}>
      <GoogleButton
        clientId={clientId}
        onScriptLoadError={() => {
          console.error('Google Identity Services failed to load')
          setScriptFailed(true)
        }}
        {...options}
      />
    </Suspense>
  )
}
