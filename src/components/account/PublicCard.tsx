import type { ReactNode } from 'react'
import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { ThemeToggle } from '../ui/ThemeToggle.tsx'
import '../../full-styles.ts'
import classes from './PublicCard.module.css'
import { AnchorLink } from '../ui/links.tsx'
import { MAIN_ID, SkipLink } from '../ui/SkipLink.tsx'

/** The small centred card the signed-out account pages share (resend verification, verify, forgot and reset password). */
export function PublicCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main className={classes.page} id={MAIN_ID} tabIndex={-1}>
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p="xl" component="section" aria-labelledby="public-card-title">
          <Stack gap="lg">
            <Group justify="space-between" wrap="nowrap">
              <AnchorLink to="/" fw={700} size="lg" c="indigo" underline="never">
                Learnpack
              </AnchorLink>
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
    </>
  )
}
