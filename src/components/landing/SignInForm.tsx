import { useState, type FormEvent } from 'react'
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useLogin } from '../../queries/auth.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { GoogleSignIn } from './GoogleSignIn.tsx'
import { useCompleteLogin } from './useCompleteLogin.ts'
import { useLandingNav } from './landing-nav.ts'
import { PageLink, hrefOf } from './PageLink.tsx'
import type { SessionEnd } from '../../api/session-end.ts'

/** What the sign-in screen says when a session has just ended, by why it ended. */
const SESSION_ENDED: Record<SessionEnd, string> = {
  expired: 'Your session has expired. Sign in again.',
  'signed-out-everywhere': 'You signed out on all devices. Sign in again.',
}

/**
 * `initialEmail`: the address an account was just registered with; the form starts with it and says where the
 * verification e-mail went (a session that ended before that is old news, so its notice gives way).
 */
export function SignInForm({ initialEmail }: { initialEmail?: string }) {
  const login = useLogin()
  const { complete, redirecting } = useCompleteLogin()
  const [error, setError] = useState<{ message: string; email?: string } | null>(null)
  const { sessionEnded } = useLandingNav()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '')
    setError(null)
    login.run(
      { email, password: String(form.get('password') ?? '') },
      {
        onSuccess: complete,
        // The 'Login Failed' toast comes from the call's meta.
        onError: (err) => {
          // A 403 here means the e-mail address is not verified yet: offer a new link.
          setError({ message: messageOf(err, 'Login failed'), email: err instanceof ApiError && err.status === 403 ? email : undefined })
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="sign-in-title">
      <Stack gap="sm">
        <Title order={1} size="h2" id="sign-in-title" ta="center">
          Sign in
        </Title>
        {sessionEnded && !error && !initialEmail ? (
          <Alert color="yellow" role="status">
            {SESSION_ENDED[sessionEnded]}
          </Alert>
        ) : null}
        {initialEmail && !error ? (
          <Alert color="blue" role="status">
            We sent a verification e-mail to {initialEmail}. Open the link in it to confirm your address.{' '}
            <PageLink size="sm" fw={600} href={hrefOf('/user/resend-verification', { email: initialEmail })}>
              Resend Verification
            </PageLink>
          </Alert>
        ) : null}
        <GoogleSignIn text="signin_with" />
        <TextInput label="Email" name="email" type="email" autoComplete="email" required defaultValue={initialEmail} key={initialEmail} />
        <PasswordInput label="Password" name="password" autoComplete="current-password" required />
        <PageLink href="/forgot-password" size="sm">
          Forgot your password?
        </PageLink>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error.message}
            {error.email !== undefined ? (
              <>
                {' '}
                <PageLink size="sm" fw={600} href={hrefOf('/user/resend-verification', { email: error.email })}>
                  Resend Verification
                </PageLink>
              </>
            ) : null}
          </Text>
        ) : null}
        <Button type="submit" disabled={login.isPending || redirecting} loading={login.isPending}>
          Sign In
        </Button>
      </Stack>
    </form>
  )
}
