import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconChecklist, IconTrophy } from '@tabler/icons-react'
import type { PackageProgress } from '../../../../contract/progress.ts'
import { subTopicsText } from '../../ui/CompletionBar.tsx'
import { ButtonLink } from '../../ui/links.tsx'
import type { NextStep } from './next-step.ts'

interface NextUpProps {
  next: NextStep | null
  progress: PackageProgress | undefined
  onPlay: (videoId: number) => void
}

/**
 * Shown when a video finishes: 'Next: {title}' (the next video, or the sub-topic's test), or after the package's last
 * step 'Package complete' and what it means (or, with parts still open, what is left). Announced politely.
 */
export function NextUp({ next, progress, onPlay }: NextUpProps) {
  if (next?.kind === 'video')
    return (
      <Button mt="sm" rightSection={<IconArrowRight size={16} />} onClick={() => onPlay(next.video.id)}>
        Next: {next.title}
      </Button>
    )
  if (next?.kind === 'test')
    return (
      <ButtonLink
        mt="sm"
        to="/mcq-test/$subTopicIds"
        params={{ subTopicIds: [next.subTopic.id] }}
        leftSection={<IconChecklist size={16} />}
      >
        Next: {next.title}
      </ButtonLink>
    )
  const complete = progress?.percent === 100
  return (
    <Paper withBorder radius="md" p="md" mt="sm">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {complete ? (
            <>
              <IconTrophy size={18} aria-hidden="true" style={{ verticalAlign: -3, marginRight: 6 }} />
              Package complete
            </>
          ) : (
            'End of the package'
          )}
        </Title>
        <Text size="sm">
          {complete
            ? 'You have watched every video and passed every test that counts in this package. It shows as 100 % complete on My Learning Packages, and you can come back to any part of it.'
            : `That was the last video. ${progress ? `${subTopicsText(progress)} complete: ` : ''}the course content shows what is left.`}
        </Text>
      </Stack>
    </Paper>
  )
}
