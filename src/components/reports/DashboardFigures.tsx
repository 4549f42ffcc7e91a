import type { ReactNode } from 'react'
import { Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LinkProps } from '@tanstack/react-router'
import { IconBox, IconChecklist, IconHelpCircle, IconMovie, IconUsers } from '@tabler/icons-react'
import dayjs from 'dayjs'
import type { DashboardFigures as Figures } from '../../../contract/reports.ts'
import { dashboardQueryOptions } from '../../queries/reports.ts'
import { AnchorLink } from '../ui/links.tsx'
import { DateTime } from '../ui/DateTime.tsx'
import { EmailAddress } from '../ui/EmailAddress.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ChartCard, ColumnChart, type ChartDatum } from './Charts.tsx'
import classes from './Reports.module.css'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'

const number = new Intl.NumberFormat('en-IN')

interface FigureProps {
  label: string
  /** Said after the label, kept on one line: '(7 days)'. */
  qualifier?: string
  value: number
  icon: ReactNode
  to?: LinkProps['to']
}

function Figure({ label, qualifier, value, icon, to }: FigureProps) {
  const name = qualifier ? `${label} ${qualifier}` : label
  const body = (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" size={36} radius="md" aria-hidden className={classes.figureIcon}>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" fw={500} className={classes.figureLabel}>
          {label}
          {qualifier ? (
            <>
              {' '}
              <span style={{ whiteSpace: 'nowrap' }}>{qualifier}</span>
            </>
          ) : null}
        </Text>
        <Text fw={700} fz={26} lh={1.15} className={classes.figureValue}>
          {number.format(value)}
        </Text>
      </div>
    </Group>
  )
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={`${name}: ${number.format(value)}`} className={classes.figure}>
      {to ? (
        <AnchorLink to={to} underline="never" c="inherit" className={classes.figureLink}>
          {body}
        </AnchorLink>
      ) : (
        body
      )}
    </Paper>
  )
}

function attemptsSeries(figures: Figures): ChartDatum[] {
  return figures.attemptsPerDay.map((d) => ({
    key: d.day,
    label: dayjs(d.day).format('ddd, DD MMM YYYY'),
    short: dayjs(d.day).format('DD MMM'),
    value: d.attempts,
    display: String(d.attempts),
  }))
}

function attemptsSummary(figures: Figures) {
  const days = figures.attemptsPerDay
  const total = days.reduce((sum, d) => sum + d.attempts, 0)
  if (total === 0) return `Attempts per day over the last ${days.length} days: none.`
  const busiest = days.reduce((best, d) => (d.attempts > best.attempts ? d : best), days[0]!)
  return `Attempts per day over the last ${days.length} days: ${total} in total, the most on ${dayjs(busiest.day).format('DD MMM')} (${busiest.attempts}).`
}

/** The admin dashboard's figures: counts, attempts over two weeks, most-viewed videos and recent sign-ups. */
export function DashboardFigures() {
  const { data: f } = useSuspenseQuery(dashboardQueryOptions())
  const series = attemptsSeries(f)
  return (
    <Stack gap="md">
      <SimpleGrid component="ul" cols={{ base: 2, md: 5 }} spacing="sm" p={0} m={0} aria-label="Figures" className={classes.figures}>
        <li>
          <Figure label="Learners" value={f.learners} icon={<IconUsers size={22} />} to="/admin/paginated-users" />
        </li>
        <li>
          <Figure label="Packages" value={f.packages} icon={<IconBox size={22} />} to="/package" />
        </li>
        <li>
          <Figure label="Videos" value={f.videos} icon={<IconMovie size={22} />} />
        </li>
        <li>
          <Figure label="Questions" value={f.questions} icon={<IconHelpCircle size={22} />} />
        </li>
        <li>
          <Figure label="Attempts" qualifier="(7 days)" value={f.attemptsLast7Days} icon={<IconChecklist size={22} />} to="/reports" />
        </li>
      </SimpleGrid>
      <Text size="sm">
        <AnchorLink to="/reports/captions">
          {f.videosWithoutCaptions} {f.videosWithoutCaptions === 1 ? 'video' : 'videos'} without captions
        </AnchorLink>
      </Text>

      <ChartCard
        title="Test attempts, last 14 days"
        summary={attemptsSummary(f)}
        columns={['Day', 'Attempts']}
        data={series}
        note="One attempt per sub-topic of each test taken (UTC days)."
        empty={series.every((d) => !d.value) ? <EmptyState>No test attempts in the last 14 days.</EmptyState> : undefined}
      >
        <ColumnChart data={series} />
      </ChartCard>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="most-viewed-heading">
          <Title order={2} size="h4" id="most-viewed-heading" mb="sm">
            Most-viewed videos
          </Title>
          {f.mostViewedVideos.length === 0 ? (
            <Text c="dimmed" size="sm">
              {f.videos === 0 ? 'No videos uploaded yet.' : 'No video has been played yet.'}
            </Text>
          ) : (
            <ScrollRegion label="Most-viewed videos" minWidth={300}>
              <Table verticalSpacing={6} aria-labelledby="most-viewed-heading">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Video</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Views
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {f.mostViewedVideos.map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Td className={classes.wrap}>
                        <Text size="sm" fw={500}>
                          {v.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {v.subTopicTitle}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" className={classes.num}>
                        {number.format(v.noOfViews)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          )}
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="signups-heading">
          <Title order={2} size="h4" id="signups-heading" mb="sm">
            Recent sign-ups
          </Title>
          {f.recentSignups.length === 0 ? (
            <Text c="dimmed" size="sm">
              No one has signed up yet.
            </Text>
          ) : (
            <ScrollRegion label="Recent sign-ups" minWidth={300}>
              <Table verticalSpacing={6} aria-labelledby="signups-heading">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Signed up</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {f.recentSignups.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td className={classes.wrap}>
                        <Text size="sm" fw={500}>
                          {u.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          <EmailAddress email={u.email} />
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          <DateTime value={u.createdAt} />
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  )
}

export function DashboardFiguresPending() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading figures">
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} h={78} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={240} radius="md" />
    </Stack>
  )
}
