import { createFileRoute } from '@tanstack/react-router'
import { SettingsLoadError, SettingsPage, SettingsPending } from '../../../components/account/SettingsPage.tsx'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/user/settings')({
  loader: ({ context }) => context.queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' }),
  pendingComponent: SettingsPending,
  errorComponent: SettingsLoadError,
  component: SettingsPage,
})
