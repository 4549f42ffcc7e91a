import { useState } from 'react'
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { IconListTree, IconMessageStar, IconPencilStar, IconPlayerPlay } from '@tabler/icons-react'
import type { Package } from '../../../contract/content.ts'
import { Money } from '../ui/Money.tsx'
import { packagesQueryOptions } from '../../queries/packages.ts'
import { reviewSummariesQueryOptions } from '../../queries/reviews.ts'
import { currentUserQueryOptions } from '../../queries/user.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { Stars } from '../ui/Stars.tsx'
import { FeedbackDialog, type FeedbackTarget } from './FeedbackDialog.tsx'
import { ListControls } from '../ui/ListControls.tsx'
import { ReviewsDialog } from './ReviewsDialog.tsx'
import { TopicsDialog } from './TopicsDialog.tsx'
import { CATALOGUE_SORTS, filterCatalogue, type CatalogueSort } from './list.ts'
import { ButtonLink } from '../ui/links.tsx'
import { ContentSearchResults } from './ContentSearchResults.tsx'
import { useContentSearch } from './useContentSearch.ts'
import { RequestAccess } from './RequestAccess.tsx'
import { myAccessRequestsQueryOptions } from '../../queries/access-requests.ts'

interface CatalogueProps {
  q: string
  sort: CatalogueSort
  onSearch: (q: string) => void
  onSort: (sort: CatalogueSort) => void
}

type Dialog = { kind: 'topics' | 'reviews'; pkg: Package } | null

/**
 * 'Explore Learning Packages': every package with its skills and their ratings (two batched summary
 * calls, not one per card), search and sort in the URL, and the topics, reviews and Submit Review dialogs.
 */
export function Catalogue({ q, sort, onSearch, onSort }: CatalogueProps) {
  const { data: all } = useSuspenseQuery(packagesQueryOptions())
  // The current user only marks the learner's own packages (the loader did not wait for it to succeed; the
  // profile card above says when it failed).
  const { data: me } = useQuery(currentUserQueryOptions())
  const owned = new Set((me?.packages ?? []).map((p) => p.id))
  const learner = me?.role === 'USER'
  // Ratings depend on the list's ids: two batched calls, which each card's stars read as they arrive (their answers
  // render the stars, not the whole catalogue).
  const packageIds = all.map((p) => p.id)
  const skillIds = all.flatMap((p) => p.skills.map((s) => s.id))

  const [dialog, setDialog] = useState<Dialog>(null)
  const dialogRating = useQuery({
    ...reviewSummariesQueryOptions('PACKAGE', packageIds),
    select: (ratings) => (dialog ? ratings[dialog.pkg.id] : undefined),
  })
  const [reviewing, setReviewing] = useState<FeedbackTarget | null>(null)
  const search = useContentSearch(q)
  // Packages match by title or skill title as typed, and by full-text search (descriptions too).
  const matched = new Set(filterCatalogue(all, q, sort).map((p) => p.id))
  const shown = filterCatalogue(all, '', sort).filter((p) => matched.has(p.id) || search.packageIds.has(p.id))

  return (
    <Stack gap="md" component="section" aria-labelledby="explore-heading">
      <Title order={2} size="h3" id="explore-heading">
        Explore Learning Packages
      </Title>
      <ListControls
        searchLabel="Search packages"
        placeholder="Package, skill, topic, video or material"
        q={q}
        sort={sort}
        sorts={CATALOGUE_SORTS}
        onSearch={onSearch}
        onSort={onSort}
      />

      {shown.length === 0 && search.contentHits.length === 0 ? (
        search.settled ? (
          <EmptyState>No packages found.</EmptyState>
        ) : (
          <Text c="dimmed" role="status">
            Searching…
          </Text>
        )
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {shown.map((pkg) => (
            <CataloguePackage
              key={pkg.id}
              pkg={pkg}
              owned={owned.has(pkg.id)}
              requestable={learner && !owned.has(pkg.id)}
              packageIds={packageIds}
              skillIds={skillIds}
              onTopics={() => setDialog({ kind: 'topics', pkg })}
              onReviews={() => setDialog({ kind: 'reviews', pkg })}
              onReview={() => setReviewing({ targetType: 'PACKAGE', targetId: pkg.id, title: pkg.title })}
            />
          ))}
        </SimpleGrid>
      )}
      <ContentSearchResults hits={search.contentHits} admin={me?.role === 'admin'} />

      {/* Admins may open every package's tree; learners only their own. */}
      <TopicsDialog
        pkg={dialog?.kind === 'topics' ? dialog.pkg : null}
        owned={dialog ? owned.has(dialog.pkg.id) || me?.role === 'admin' : false}
        onClose={() => setDialog(null)}
      />
      <ReviewsDialog pkg={dialog?.kind === 'reviews' ? dialog.pkg : null} rating={dialogRating.data} onClose={() => setDialog(null)} />
      <FeedbackDialog target={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  )
}

interface CataloguePackageProps {
  pkg: Package
  owned: boolean
  /** A learner may ask for this package (they do not have it). */
  requestable: boolean
  /** Every package's and skill's id in the catalogue: the two batched rating calls. */
  packageIds: number[]
  skillIds: number[]
  onTopics: () => void
  onReviews: () => void
  onReview: () => void
}

interface RatingProps {
  targetType: 'PACKAGE' | 'SKILL'
  targetIds: number[]
  targetId: number
  size?: number
}

/** One package's or skill's stars, read from its batched call; a skeleton while that call is on its way. */
function Rating({ targetType, targetIds, targetId, size }: RatingProps) {
  const summary = useQuery({ ...reviewSummariesQueryOptions(targetType, targetIds), select: (ratings) => ratings[targetId] ?? null })
  if (summary.data) return <Stars value={summary.data.averageRating} count={summary.data.totalReviews} size={size} />
  return summary.isPending ? <Skeleton height={14} width={110} aria-hidden="true" /> : null
}

/** Whether the learner has asked for this package already (read only for a package they may ask for). */
function useRequested(packageId: number, requestable: boolean) {
  const requested = useQuery({
    ...myAccessRequestsQueryOptions(),
    enabled: requestable,
    select: (mine) => mine.packageIds.includes(packageId),
  })
  return requested.data ?? false
}

function CataloguePackage({ pkg, owned, requestable, packageIds, skillIds, onTopics, onReviews, onReview }: CataloguePackageProps) {
  const titleId = `catalogue-package-${pkg.id}`
  const requested = useRequested(pkg.id, requestable)
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {pkg.title}
            </Title>
            <Rating targetType="PACKAGE" targetIds={packageIds} targetId={pkg.id} />
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={600}>
              <Money value={pkg.price} />
            </Text>
            {owned ? (
              <Badge variant="light" color="teal" style={{ textTransform: 'none' }}>
                In My Packages
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {pkg.description}
        </Text>

        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Skills
          </Text>
          {pkg.skills.length === 0 ? (
            <Text size="sm" c="dimmed">
              No skills added yet.
            </Text>
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Skills of ${pkg.title}`}>
              {pkg.skills.map((skill) => (
                <Group key={skill.id} component="li" justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {skill.title}
                  </Text>
                  <Rating targetType="SKILL" targetIds={skillIds} targetId={skill.id} size={14} />
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>

      <Group gap="xs" mt="md" wrap="wrap">
        <Button size="xs" variant="light" leftSection={<IconListTree size={16} />} onClick={onTopics} aria-haspopup="dialog">
          View Topics
        </Button>
        <Button size="xs" variant="light" leftSection={<IconMessageStar size={16} />} onClick={onReviews} aria-haspopup="dialog">
          View All Reviews
        </Button>
        {owned ? (
          <>
            <Button size="xs" variant="light" leftSection={<IconPencilStar size={16} />} onClick={onReview} aria-haspopup="dialog">
              Submit Review
            </Button>
            <ButtonLink size="xs" to="/topics/$id" params={{ id: pkg.id }} leftSection={<IconPlayerPlay size={16} />}>
              Start Learning
            </ButtonLink>
          </>
        ) : null}
        {requestable ? <RequestAccess packageId={pkg.id} title={pkg.title} requested={requested} /> : null}
      </Group>
    </Card>
  )
}
