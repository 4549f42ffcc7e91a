import { useState } from 'react'
import { Button, Group } from '@mantine/core'
import { useSignOutEverywhere } from '../../queries/account.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'

/** Ends every session of the account (other browsers and devices, and this one), once confirmed, then goes to sign-in. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere()
  const [asking, setAsking] = useState(false)
  return (
    <Group justify="flex-end">
      <Button variant="light" color="red" onClick={() => setAsking(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        opened={asking}
        title="Sign out everywhere?"
        message="This signs you out in every browser and on every device, this one too."
        confirmLabel="Sign out everywhere"
        danger
        loading={signOut.isPending}
        onConfirm={() => signOut.mutate(undefined, { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      />
    </Group>
  )
}
