import { Switch } from '@mantine/core'
import type { User } from '../../../contract/auth.ts'
import { useUpdateReminderEmails } from '../../queries/account.ts'

/** Reminder e-mails on or off; it shows the new position while saving and goes back if saving fails. */
export function ReminderEmailsSwitch({ user }: { user: User }) {
  const update = useUpdateReminderEmails()
  const checked = update.isPending ? update.variables.reminderEmails : user.reminderEmails
  return (
    <Switch
      checked={checked}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ name: user.name, reminderEmails: event.currentTarget.checked })}
      size="md"
      onLabel="On"
      offLabel="Off"
      label="E-mail me reminders about due packages"
      description="Reminders also appear under the bell in the top bar, whatever you choose here."
    />
  )
}
