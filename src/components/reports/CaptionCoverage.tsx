import { Paper, Skeleton, Stack, Table, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { captionCoverageQueryOptions } from '../../queries/captions.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'

const videosWord = (n: number) => `${n} ${n === 1 ? 'video' : 'videos'}`

/** Every video without captions, with a link to the sub-topic page where its captions are uploaded. */
export function CaptionCoverage() {
  const { data } = useSuspenseQuery(captionCoverageQueryOptions())
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Caption coverage"
        subtitle={`${data.withCaptions} of ${videosWord(data.videos)} have captions; ${videosWord(data.withoutCaptions.length)} without.`}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {data.withoutCaptions.length ? (
          <ScrollRegion label="Videos without captions" minWidth={520}>
            <Table striped>
              <Table.Caption>Videos without captions</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Video</Table.Th>
                  <Table.Th scope="col">Package</Table.Th>
                  <Table.Th scope="col">Captions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.withoutCaptions.map((video) => (
                  <Table.Tr key={video.videoId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{video.title}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{video.packageTitle}</Table.Td>
                    <Table.Td>
                      <AnchorLink to="/subtopic/$id" params={{ id: video.subTopicId }} aria-label={`Add captions to ${video.title}`}>
                        Add captions
                      </AnchorLink>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : (
          <EmptyState>Every video has captions.</EmptyState>
        )}
      </Paper>
    </Stack>
  )
}

export function CaptionCoveragePending() {
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title="Caption coverage" />
      <Text size="sm">Loading caption report...</Text>
      <Skeleton height={200} radius="md" />
    </Stack>
  )
}
