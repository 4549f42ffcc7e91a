import type { ReactNode } from 'react'
import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { ThemeToggle } from '../shell/ThemeToggle.tsx'
import '../shell/shell-styles.ts'
import classes from './PublicCard.module.css'

/** The small centred card the signed-out account pages share (resend verification, verify, forgot and reset password). */
export function PublicCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className={classes.page}>
      <Paper className={classes.card} withBorder shadow="md" radius="lg" p="xl" component="section" aria-labelledby="public-card-title">
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Text component={Link} to="/" fw={700} size="lg" c="indigo" td="none">
              Learnpack
            </Text>
            <ThemeToggle />
          </Group>
          <Stack gap={4}>
            <Title order={1} size="h3" id="public-card-title">
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </main>
  )
}
