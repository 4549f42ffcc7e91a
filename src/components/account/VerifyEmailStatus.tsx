import { Alert, Group, Loader, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react'
import { getRole, getToken, homeFor } from '../../api/session.ts'
import { messageOf } from '../../api/errors.ts'
import { verifyEmailQueryOptions } from '../../queries/account.ts'
import { AnchorLink, ButtonLink } from '../ui/links.tsx'

const MISSING = 'This verification link is incomplete. Ask for a new one with Resend Verification.'

/** Spends the mailed token once and says whether it worked; on failure it points to Resend Verification. */
export function VerifyEmailStatus({ token }: { token?: string }) {
  const result = useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) })

  if (token && result.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Verifying your e-mail address…</Text>
      </Group>
    )
  }

  if (token && result.isSuccess) {
    const signedIn = Boolean(getToken())
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck size={20} />} role="status">
          {result.data || 'Email verified successfully!'}
        </Alert>
        <ButtonLink to={signedIn ? homeFor(getRole()) : '/'}>
          {signedIn ? 'Continue' : 'Sign in'}
        </ButtonLink>
      </Stack>
    )
  }

  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertTriangle size={20} />} role="alert" title="Not verified">
        {token ? messageOf(result.error, 'The e-mail address could not be verified.') : MISSING}
      </Alert>
      <Text size="sm">
        Need a new link?{' '}
        <AnchorLink to="/user/resend-verification">
          Resend Verification
        </AnchorLink>
      </Text>
      <Text size="sm" ta="center">
        <AnchorLink to="/">
          Back to sign in
        </AnchorLink>
      </Text>
    </Stack>
  )
}
