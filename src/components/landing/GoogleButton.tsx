import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google'
import { Box } from '@mantine/core'
import { useGoogleLogin } from '../../queries/auth.ts'
import { GOOGLE_BUTTON_HEIGHT, type GoogleButtonOptions } from './GoogleSignIn.tsx'
import { useCompleteLogin } from './useCompleteLogin.ts'

/** Google's provider and button (loaded on demand by GoogleSignIn). */
export function GoogleButton({
  clientId,
  onScriptLoadError,
  locale,
  size = 'large',
  type = 'standard',
  theme = 'outline',
  text = 'signin_with',
  shape = 'rectangular',
  logoAlignment = 'left',
  width = 280,
  oneTap = false,
}: GoogleButtonOptions & { clientId: string; onScriptLoadError: () => void }) {
  const google = useGoogleLogin()
  const { complete } = useCompleteLogin()
  return (
    <GoogleOAuthProvider clientId={clientId} locale={locale} onScriptLoadError={onScriptLoadError}>
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
            google.run({ idToken: credential }, { onSuccess: complete })
          }}
          onError={() => console.error('Google sign-in failed')}
        />
      </Box>
    </GoogleOAuthProvider>
  )
}
