import { Button, Group } from '@mantine/core'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useSignOutEverywhere } from '../../queries/account.ts'

/** Ends every session of the account (other browsers and devices, and this one), then goes to the sign-in page. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere()
  return (
    <Group justify="flex-end">
      <Button
        variant="light"
        color="red"
        loading={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onError: (err) => notify.error(messageOf(err, 'Failed to sign out everywhere')),
          })
        }
      >
        Sign out everywhere
      </Button>
    </Group>
  )
}
