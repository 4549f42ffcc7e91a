import { useEffect, useMemo, useState } from 'react'
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useCanGoBack, useRouter } from '@tanstack/react-router'
import { IconArrowLeft, IconPlus } from '@tabler/icons-react'
import { mcqsQueryOptions } from '../../queries/mcqs.ts'
import { subTopicsByIdsQueryOptions } from '../../queries/subtopics.ts'
import { pageOf } from '../../lib/page-of.ts'
import { BackToPackages } from '../ui/BackToPackages.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { Pager } from '../ui/Pager.tsx'
import { AddMcqDialog } from './AddMcqDialog.tsx'
import { McqRow } from './McqRow.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

/** Questions per page: a bank of thousands renders one page of rows, never thousands of editors. */
export const MCQS_PER_PAGE = 50

function BackButton() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  return canGoBack ? (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => router.history.back()}>
      Back
    </Button>
  ) : (
    <BackToPackages />
  )
}

interface McqTableProps {
  subTopicIds: number[]
  page: number
  onPage: (page: number, replace?: boolean) => void
}

/** The admin question table (`/subtopic-mcqs/{ids}`): the sub-topic titles, then numbered questions, 50 a page, each editable inline. */
export function McqTable({ subTopicIds, page, onPage }: McqTableProps) {
  // Two reads that fail apart (each with its own message): without the titles the questions are still shown,
  // and without the questions the titles still head the page. The route loader waits for both, so a failure it
  // met is shown as it is (not fetched again on mount) until Retry.
  const titles = useQuery({ ...subTopicsByIdsQueryOptions(subTopicIds), retryOnMount: false })
  const mcqs = useQuery({ ...mcqsQueryOptions(subTopicIds), retryOnMount: false })

  const [adding, setAdding] = useState(false)
  const titleById = useMemo(() => new Map((titles.data ?? []).map((s) => [s.id, s.title])), [titles.data])
  // getByIds answers with the sub-topics that exist; an id it leaves out is not found.
  const missing = titles.data ? subTopicIds.filter((id) => !titleById.has(id)) : []
  const noneFound = missing.length === subTopicIds.length
  const list = mcqs.data ?? []
  const { pages, current, first, shown, range } = pageOf(list, page, MCQS_PER_PAGE)

  // A page past the end (e.g. after deleting the last question of the last page) becomes the last page.
  useEffect(() => {
    if (mcqs.data && page > pages) onPage(pages, true)
  }, [mcqs.data, page, pages, onPage])

  // A question goes into one sub-topic: offered when the table shows exactly one that exists.
  const addTo = titles.data?.length === 1 && subTopicIds.length === 1 ? titles.data[0]!.id : null

  const heading = noneFound
    ? subTopicIds.length === 1
      ? 'Sub-topic not found'
      : 'Sub-topics not found'
    : titles.data && titles.data.length === 1
      ? titles.data[0]!.title
      : titles.data && titles.data.length > 1
        ? `Questions of ${titles.data.length} sub-topics`
        : 'Questions'

  // The same pager above and below the list; each landmark needs its own name.
  const pager = (label: string) =>
    pages > 1 ? (
      <Pager
        numbered
        label={label}
        page={current}
        total={pages}
        onChange={(next) => {
          onPage(next)
          window.scrollTo({ top: 0 })
        }}
      />
    ) : null

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={titles.isPending ? <Skeleton h={32} w={260} component="span" display="inline-block" /> : heading}
        subtitle={<SubTitles titles={titles.data} ids={subTopicIds} />}
        actions={
          <Group gap="xs">
            {addTo !== null ? (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
                Add question
              </Button>
            ) : null}
            <BackButton />
          </Group>
        }
      />
      {addTo !== null ? <AddMcqDialog subTopicId={addTo} opened={adding} onClose={() => setAdding(false)} /> : null}

      {titles.isError ? (
        <LoadFailed onRetry={() => void titles.refetch()} retrying={titles.isFetching}>
          Failed to fetch subtopic details. The questions below are still shown.
        </LoadFailed>
      ) : null}

      {missing.length > 0 && !noneFound ? (
        <Alert color="yellow" variant="light" title="Not found">
          {missing.length === 1 ? `No sub-topic with id ${missing[0]}.` : `No sub-topics with ids ${missing.join(', ')}.`}
        </Alert>
      ) : null}

      {noneFound ? (
        <EmptyState>
          {subTopicIds.length === 1 ? 'There is no sub-topic with this id.' : 'There are no sub-topics with these ids.'} It may have been
          deleted.
        </EmptyState>
      ) : mcqs.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading questions">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={150} radius="md" />
          ))}
        </Stack>
      ) : mcqs.isError ? (
        <LoadFailed onRetry={() => void mcqs.refetch()} retrying={mcqs.isFetching}>
          Failed to load MCQs.
        </LoadFailed>
      ) : list.length === 0 ? (
        <EmptyState>No MCQs found.</EmptyState>
      ) : (
        <>
          <Group justify="space-between" gap="sm" wrap="wrap" mih={32}>
            <Text size="sm" c="dimmed" role="status">
              {list.length === 1 ? '1 question' : `Questions ${range}`}
            </Text>
            {pager('Question pages')}
          </Group>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Questions">
            {shown.map((mcq, i) => (
              <McqRow
                key={mcq.id}
                mcq={mcq}
                number={first + i + 1}
                subTopicTitle={subTopicIds.length > 1 ? titleById.get(mcq.subTopicId) : undefined}
              />
            ))}
          </Stack>
          {pager('Question pages, end of the list')}
        </>
      )}
    </Stack>
  )
}

function SubTitles({ titles, ids }: { titles: { id: number; title: string; topicTitle: string }[] | undefined; ids: number[] }) {
  if (!titles || titles.length === 0) return <>Sub-topic {ids.join(', ')}</>
  if (titles.length === 1) return <>Questions · Topic: {titles[0]!.topicTitle}</>
  return (
    <Group gap={6} component="span" wrap="wrap">
      {titles.map((s) => (
        <Badge key={s.id} variant="light" color="gray" style={{ textTransform: 'none' }} component="span">
          {s.title}
        </Badge>
      ))}
    </Group>
  )
}

export function McqTablePending() {
  return (
    <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading questions">
      <Skeleton h={32} w="40%" />
      {[0, 1, 2].map((n) => (
        <Paper key={n} withBorder radius="md" p="md">
          <Skeleton h={120} />
        </Paper>
      ))}
    </Stack>
  )
}
