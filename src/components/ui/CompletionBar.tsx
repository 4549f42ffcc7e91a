import { Group, Progress, Text } from '@mantine/core'

/** '45 % complete': a completion's text, shown beside every progress bar (and read out as the bar's value). */
const completeText = (percent: number) => `${Math.round(percent)} % complete`

/**
 * '3 of 7 sub-topics': what a package's percentage counts, and how many sub-topics it leaves out because they have
 * nothing to watch or test ('3 of 7 sub-topics · 2 not counted: nothing to watch or test yet').
 */
export function subTopicsText(p: { completedSubTopics: number; totalSubTopics: number; uncountedSubTopicIds?: readonly number[] }) {
  const counted = `${p.completedSubTopics} of ${p.totalSubTopics} ${p.totalSubTopics === 1 ? 'sub-topic' : 'sub-topics'}`
  const uncounted = p.uncountedSubTopicIds?.length ?? 0
  return uncounted > 0 ? `${counted} · ${uncounted} not counted: nothing to watch or test yet` : counted
}

interface CompletionBarProps {
  percent: number
  /** What the bar measures, as its accessible name ('Progress in Frontend Path'). */
  label: string
  /** Said after the percentage, e.g. '3 of 7 sub-topics'. */
  detail?: string
}

/** A progress bar with its text equivalent: the percentage is written out, not only drawn. */
export function CompletionBar({ percent, label, detail }: CompletionBarProps) {
  const value = Math.min(100, Math.max(0, Math.round(percent)))
  const text = completeText(value)
  return (
    // On a narrow card the figures wrap under the bar rather than run past the card's edge.
    <Group gap="xs" wrap="wrap" align="center" style={{ columnGap: 'var(--mantine-spacing-sm)' }}>
      {/* The whole track is the progressbar (the filled section is 0 px wide at 0 %). */}
      <Progress.Root
        size="md"
        style={{ flex: '1 1 80px', minWidth: 80 }}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <Progress.Section value={value} color={value === 100 ? 'teal' : undefined} withAria={false} />
      </Progress.Root>
      <Text size="sm" c="dimmed" style={{ flex: '0 1 auto', minWidth: 0 }}>
        {text}
        {detail ? ` · ${detail}` : null}
      </Text>
    </Group>
  )
}
