import type { ReactNode } from 'react'
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { currentUserQueryOptions } from '../../queries/user.ts'
import { PasswordForm } from './PasswordForm.tsx'
import { ProfileForm } from './ProfileForm.tsx'
import { ReminderEmailsSwitch } from './ReminderEmailsSwitch.tsx'
import { SignOutEverywhere } from './SignOutEverywhere.tsx'
import { ThemePreference } from './ThemePreference.tsx'

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  )
}

/** /user/settings: profile, password, sessions, reminder e-mails and theme of the signed-in user. */
export function SettingsPage() {
  const { data: user } = useSuspenseQuery(currentUserQueryOptions())
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Settings" />
      <Section id="settings-profile" title="Profile" description="How your name and picture appear across Learnpack.">
        <ProfileForm key={user.id} user={user} />
      </Section>
      <Section id="settings-password" title="Password" description="Choose a new password for signing in with your e-mail address.">
        <PasswordForm />
      </Section>
      <Section
        id="settings-sessions"
        title="Sessions"
        description="Sign out on every browser and device where you are signed in, this one included."
      >
        <SignOutEverywhere />
      </Section>
      <Section id="settings-reminders" title="Reminders" description="When a package assigned to you is due soon or overdue.">
        <ReminderEmailsSwitch user={user} />
      </Section>
      <Section id="settings-appearance" title="Appearance" description="Light or dark, for this browser.">
        <ThemePreference />
      </Section>
    </Stack>
  )
}

/** While the current user loads. */
export function SettingsPending() {
  return (
    <Stack gap="lg" maw={720} aria-busy="true" aria-label="Loading settings">
      <PageHeader title="Settings" />
      <Skeleton height={320} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  )
}

/** The settings route's error view: the current user could not be loaded. */
export function SettingsLoadError(props: ErrorComponentProps) {
  return <RouteLoadError {...props} header={<PageHeader title="Settings" />} failureText="Failed to load user information." />
}
