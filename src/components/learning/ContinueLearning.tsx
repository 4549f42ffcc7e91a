import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { packageProgressQueryOptions } from '../../queries/progress.ts'
import { currentUserQueryOptions } from '../../queries/user.ts'
import { CompletionBar, subTopicsText } from '../ui/CompletionBar.tsx'
import { ContinueLink } from './PackageProgressLine.tsx'

/**
 * The home page's 'Continue learning' row: each assigned package the learner has started and not finished, with
 * its progress and 'Continue'. Nothing at all when there is nothing to continue (or while it loads).
 */
export function ContinueLearning() {
  const me = useQuery(currentUserQueryOptions())
  const packages = me.data?.packages ?? []
  const progress = useQueries({ queries: packages.map((pkg) => packageProgressQueryOptions(pkg.id)) })
  const started = packages.flatMap((pkg, i) => {
    const p = progress[i]?.data
    return p?.resume && p.percent < 100 ? [{ pkg, progress: p }] : []
  })
  if (started.length === 0) return null
  return (
    <Stack gap="md" component="section" aria-labelledby="continue-heading">
      <Title order={2} size="h3" id="continue-heading">
        Continue learning
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {started.map(({ pkg, progress: p }) => (
          <Card key={pkg.id} withBorder radius="md" padding="md" component="article" aria-labelledby={`continue-${pkg.id}`}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Text fw={600} id={`continue-${pkg.id}`} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {pkg.title}
                </Text>
                <ContinueLink packageId={pkg.id} title={pkg.title} />
              </Group>
              <CompletionBar percent={p.percent} label={`Progress in ${pkg.title}`} detail={subTopicsText(p)} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
