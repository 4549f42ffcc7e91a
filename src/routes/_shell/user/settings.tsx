import { createFileRoute } from '@tanstack/react-router'
import { SettingsLoadError, SettingsPage } from '../../../components/account/SettingsPage.tsx'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/user/settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions()),
  component: SettingsPage,
  errorComponent: SettingsLoadError,
})
