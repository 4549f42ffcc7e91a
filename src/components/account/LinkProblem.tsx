import { Alert, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { AnchorLink } from '../ui/links.tsx'

/** A mailed link the server refused (unknown, used or expired), what to do about it, and the way back to sign in. */
export function LinkProblem({ message, newLinkLabel = 'Ask for a new link' }: { message: string; newLinkLabel?: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertTriangle size={20} />} role="alert" title="Link not valid">
        {message}
      </Alert>
      <Text size="sm">
        <AnchorLink to="/forgot-password">{newLinkLabel}</AnchorLink>
      </Text>
      <Text size="sm" ta="center">
        <AnchorLink to="/">Back to sign in</AnchorLink>
      </Text>
    </Stack>
  )
}
