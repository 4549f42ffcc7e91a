import type { FormEvent } from 'react'
import { Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core'
import { PASSWORD_MIN } from '../../../contract/rules.ts'
import { useRegister } from '../../queries/auth.ts'
import { GoogleSignIn } from './GoogleSignIn.tsx'

export function SignUpForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const register = useRegister()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    register.run(
      { name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      {
        onSuccess: (user) => {
          formElement.reset()
          onRegistered(user.email)
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="sign-up-title">
      <Stack gap="sm">
        <Title order={1} size="h2" id="sign-up-title" ta="center">
          Create Account
        </Title>
        <GoogleSignIn text="signup_with" />
        <TextInput label="Name" name="name" autoComplete="name" required />
        <TextInput label="Email" name="email" type="email" autoComplete="email" required />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          description={`At least ${PASSWORD_MIN} characters`}
        />
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Registering...' : 'Sign Up'}
        </Button>
      </Stack>
    </form>
  )
}
