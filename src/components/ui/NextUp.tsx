import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconChecklist, IconTrophy } from '@tabler/icons-react'
import type { PackageProgress } from '../../../contract/progress.ts'
import type { NextStep } from '../../lib/next-step.ts'
import { subTopicsText } from './CompletionBar.tsx'
import { ButtonLink } from './links.tsx'

interface NextUpProps {
  packageId: number
  next: NextStep | null
  progress: PackageProgress | undefined
  /** What the learner just finished: the viewer's video, or a test on its result screen. */
  after: 'video' | 'test'
  /** Plays the next video in place (the viewer). Without it, 'Next' opens the viewer at that video. */
  onPlay?: (videoId: number) => void
}

/**
 * Shown when a video finishes or a test is passed: 'Next: {title}' (the next video, or a sub-topic's test), or after
 * the package's last step 'Package complete' and what it means (or, with parts still open, what is left).
 */
export function NextUp({ packageId, next, progress, after, onPlay }: NextUpProps) {
  if (next?.kind === 'video' && onPlay)
    return (
      <Button mt="sm" rightSection={<IconArrowRight size={16} />} onClick={() => onPlay(next.video.id)}>
        Next: {next.title}
      </Button>
    )
  if (next?.kind === 'video')
    return (
      <ButtonLink
        mt="sm"
        to="/topics/$id"
        params={{ id: packageId }}
        search={{ video: next.video.id }}
        rightSection={<IconArrowRight size={16} />}
      >
        Next: {next.title}
      </ButtonLink>
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
  // On a test's result the course content is not on screen: the way back to it is.
  const outline = after === 'video' ? 'the course content' : "the package's course content"
  return (
    <Paper withBorder radius="md" p="md" mt="sm">
      <Stack gap={4} align="flex-start">
        {/* A test's result card has its own h2 above. */}
        <Title order={after === 'video' ? 2 : 3} size="h4">
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
            : `That was the last ${after}. ${progress ? `${subTopicsText(progress)} complete: ` : ''}${outline} shows what is left.`}
        </Text>
        {after === 'test' ? (
          <ButtonLink mt="xs" variant="default" to="/topics/$id" params={{ id: packageId }}>
            Open the package
          </ButtonLink>
        ) : null}
      </Stack>
    </Paper>
  )
}
