import { Paper, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { dueThisWeek } from '../../lib/due-words.ts'
import { currentUserQueryOptions } from '../../queries/user.ts'
import { AssignmentState } from '../ui/AssignmentState.tsx'
import { AnchorLink } from '../ui/links.tsx'

/**
 * The home page's 'Due this week': the learner's unfinished packages due within seven days or overdue, most pressing
 * first. Nothing at all when nothing is due (or while it loads: the profile card reports a failed load).
 */
export function DueThisWeek() {
  const me = useQuery(currentUserQueryOptions())
  const due = dueThisWeek(me.data?.packages ?? [])
  if (due.length === 0) return null
  return (
    <Stack gap="md" component="section" aria-labelledby="due-heading">
      <Title order={2} size="h3" id="due-heading">
        Due this week
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {due.map((pkg) => (
          <Paper key={pkg.id} component="li" withBorder radius="md" p="sm">
            <Stack gap={4}>
              <AnchorLink to="/topics/$id" params={{ id: pkg.id }} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {pkg.title}
              </AnchorLink>
              <AssignmentState state={pkg} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  )
}
