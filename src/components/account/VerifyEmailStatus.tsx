import { Alert, Group, Loader, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react'
import { getRole, getToken, homeFor } from '../../api/session.ts'
import { verifyEmailQueryOptions } from '../../queries/account.ts'
import { AnchorLink, ButtonLink } from '../ui/links.tsx'

const MISSING = 'This verification link is incomplete. Ask for a new one with Resend Verification.'

/** The mailed token, spent once by the route's loader: says that it worked, or (without a token) what is wrong. */
export function VerifyEmailStatus({ token }: { token?: string }) {
  return token ? <Verified token={token} /> : <NotVerified message={MISSING} />
}

function Verified({ token }: { token: string }) {
  const { data } = useSuspenseQuery(verifyEmailQueryOptions(token))
  const signedIn = Boolean(getToken())
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck size={20} />} role="status">
        {data || 'Email verified successfully!'}
      </Alert>
      <ButtonLink to={signedIn ? homeFor(getRole()) : '/'}>{signedIn ? 'Continue' : 'Sign in'}</ButtonLink>
    </Stack>
  )
}

export function Verifying() {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>Verifying your e-mail address…</Text>
    </Group>
  )
}

/** The link did not verify: why, and the way to a new link (Resend Verification). */
export function NotVerified({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertTriangle size={20} />} role="alert" title="Not verified">
        {message}
      </Alert>
      <Text size="sm">
        Need a new link? <AnchorLink to="/user/resend-verification">Resend Verification</AnchorLink>
      </Text>
      <Text size="sm" ta="center">
        <AnchorLink to="/">Back to sign in</AnchorLink>
      </Text>
    </Stack>
  )
}
