import { Group, Skeleton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconPlayerPlay } from '@tabler/icons-react'
import { packageProgressQueryOptions } from '../../queries/progress.ts'
import { CompletionBar, subTopicsText } from '../ui/CompletionBar.tsx'
import { ButtonLink } from '../ui/links.tsx'

/** 'Continue': the viewer opens at the video the learner played last, where they left it. */
export function ContinueLink({ packageId, title }: { packageId: number; title: string }) {
  return (
    <ButtonLink
      to="/topics/$id"
      params={{ id: packageId }}
      size="xs"
      leftSection={<IconPlayerPlay size={16} />}
      aria-label={`Continue ${title}`}
      style={{ flexShrink: 0 }}
    >
      Continue
    </ButtonLink>
  )
}

/** An assigned package's progress bar, with 'Continue' once the learner has played something in it. */
export function PackageProgressLine({ packageId, title }: { packageId: number; title: string }) {
  const progress = useQuery(packageProgressQueryOptions(packageId))
  if (progress.isPending) return <Skeleton height={24} aria-label={`Loading progress in ${title}`} />
  // Progress only decorates the card: without it the card is as it was.
  if (progress.isError) return null
  const p = progress.data
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <div style={{ flex: 1, minWidth: 0 }}>
        <CompletionBar percent={p.percent} label={`Progress in ${title}`} detail={subTopicsText(p)} />
      </div>
      {p.resume ? <ContinueLink packageId={packageId} title={title} /> : null}
    </Group>
  )
}
