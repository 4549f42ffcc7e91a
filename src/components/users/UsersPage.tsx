import type { ReactNode } from 'react'
import { Button, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { Page } from '../../../contract/envelope.ts'
import type { User } from '../../../contract/auth.ts'
import { USERS_TABLE_PAGE_SIZE, usersPageQueryOptions } from '../../queries/users.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { Pager } from '../ui/Pager.tsx'
import { UserCards } from './UserCards.tsx'
import { UsersTable } from './UsersTable.tsx'

export type UsersView = 'table' | 'cards'

/** What the two views of the users list differ in: the table (/admin/paginated-users) and the cards (/user/list). */
export const USERS_VIEWS = {
  table: {
    title: 'Users Details',
    subtitle: () => 'Everyone who has an account. Open a user to see their packages or change their role.',
    pageSize: USERS_TABLE_PAGE_SIZE,
    other: { to: '/user/list', label: 'Card view' },
    pagerLabel: 'Users pages',
    numberedPager: true,
  },
  cards: {
    title: 'All Users',
    subtitle: (total: number) => `${total} ${total === 1 ? 'person has' : 'people have'} an account.`,
    // Fills 1, 2, 3 or 4 columns evenly.
    pageSize: 12,
    other: { to: '/admin/paginated-users', label: 'Table view' },
    pagerLabel: 'All users pages',
    numberedPager: false,
  },
} as const

/** The query of one page of a view, `page` 1-based as in the URL (0-based on the wire). */
export const usersViewQueryOptions = (view: UsersView, page: number) => usersPageQueryOptions(page - 1, USERS_VIEWS[view].pageSize)

interface UsersPageProps {
  view: UsersView
  /** 1-based page from the URL. */
  page: number
  onPage: (page: number) => void
}

/** Every user with an account, one page at a time, as a table or as cards. */
export function UsersPage({ view, page, onPage }: UsersPageProps) {
  const { data } = useSuspenseQuery(usersViewQueryOptions(view, page))
  const config = USERS_VIEWS[view]
  return (
    <UsersFrame view={view} subtitle={config.subtitle(data.totalElements)}>
      {data.content.length === 0 ? (
        <EmptyState
          action={
            page > 1 ? (
              <Button variant="light" onClick={() => onPage(1)}>
                Go to the first page
              </Button>
            ) : undefined
          }
        >
          {data.totalElements === 0 ? 'No users found.' : 'There are no users on this page.'}
        </EmptyState>
      ) : view === 'table' ? (
        <UsersTable users={data.content} />
      ) : (
        <UserCards users={data.content} />
      )}
      {data.totalElements > 0 ? (
        <Stack gap="xs" align="center">
          <Pager label={config.pagerLabel} numbered={config.numberedPager} page={page} total={data.totalPages} onChange={onPage} />
          {view === 'table' ? <ShownRange data={data} /> : null}
        </Stack>
      ) : null}
    </UsersFrame>
  )
}

/** Skeletons of a view while its first page loads. */
export function UsersPending({ view }: { view: UsersView }) {
  return <UsersFrame view={view}>{view === 'table' ? <UsersTable skeletonRows={USERS_VIEWS.table.pageSize} /> : <UserCards />}</UsersFrame>
}

function UsersFrame({ view, subtitle, children }: { view: UsersView; subtitle?: string; children: ReactNode }) {
  const config = USERS_VIEWS[view]
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={config.title}
        subtitle={subtitle}
        actions={
          <>
            <ButtonLink to="/admin/import-users" variant="default">
              Import users
            </ButtonLink>
            <ButtonLink to={config.other.to} variant="default">
              {config.other.label}
            </ButtonLink>
          </>
        }
      />
      {children}
    </Stack>
  )
}

function ShownRange({ data }: { data: Page<User> }) {
  const first = data.number * data.size + 1
  const last = data.number * data.size + data.content.length
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {data.content.length ? `Showing ${first}–${last} of ${data.totalElements} users` : `${data.totalElements} users`}
    </Text>
  )
}
