import { useState, type FormEvent } from 'react'
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useLoginMutation } from '../../queries/auth.ts'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { GoogleSignIn } from './GoogleSignIn.tsx'
import { useCompleteLogin } from './useCompleteLogin.ts'

export function SignInForm({ initialEmail }: { initialEmail?: string }) {
  const login = useLoginMutation()
  const { complete, redirecting } = useCompleteLogin()
  const [error, setError] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setError(null)
    login.mutate(
      { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      {
        onSuccess: complete,
        onError: (err) => {
          notify.error('Login Failed')
          setError(messageOf(err, 'Login failed'))
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="sign-in-title">
      <Stack gap="sm">
        <Title order={2} id="sign-in-title" ta="center">
          Sign in
        </Title>
        <GoogleSignIn text="signin_with" />
        <TextInput label="Email" name="email" type="email" autoComplete="email" required defaultValue={initialEmail} key={initialEmail} />
        <PasswordInput label="Password" name="password" autoComplete="current-password" required />
        <Anchor href="#" size="sm" onClick={(e) => e.preventDefault()}>
          Forgot your password?
        </Anchor>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Button type="submit" disabled={login.isPending || redirecting} loading={login.isPending}>
          Sign In
        </Button>
      </Stack>
    </form>
  )
}
