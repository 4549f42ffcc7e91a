import { Table } from '@mantine/core'
import type { McqAttempt } from '../../../contract/learning.ts'
import { formatScore } from '../../lib/format.ts'
import { DateTime } from '../ui/DateTime.tsx'
import { AttemptBadges } from '../ui/AttemptBadges.tsx'
import { AnchorLink } from '../ui/links.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import { percentOf } from './percent.ts'
import classes from './Results.module.css'

/**
 * Attempts in the product's columns: #, attempt number, score, total marks, attempted at ('05 Jan 2025, 03:30 PM'),
 * then the percentage, each attempt's result ('Passed' or 'Not passed yet' where the review policy shows it,
 * 'Late', 'Practice') and a link to its review. A practice run has no attempt number: it reads 'Practice'.
 * Partial scores show one decimal.
 * The rows come newest first, so '#' counts down like the attempt number: the first attempt is #1.
 */
export function AttemptsTable({ attempts, label }: { attempts: McqAttempt[]; label: string }) {
  return (
    <ScrollRegion label={label} minWidth={420} className={classes.scroll}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} className={classes.attempts}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">Attempt Number</Table.Th>
            <Table.Th scope="col">Score</Table.Th>
            <Table.Th scope="col">Total Marks</Table.Th>
            <Table.Th scope="col">Attempted At</Table.Th>
            <Table.Th scope="col">Percentage</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
            <Table.Th scope="col">Review</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((attempt, i) => {
            const name = attempt.practice ? 'Practice' : `Attempt ${attempt.attemptNumber}`
            return (
              <Table.Tr key={attempt.id}>
                <Table.Td>{attempts.length - i}</Table.Td>
                <Table.Td>{attempt.practice ? 'Practice' : attempt.attemptNumber}</Table.Td>
                <Table.Td>{attempt.score !== undefined ? formatScore(attempt.score) : '—'}</Table.Td>
                <Table.Td>{attempt.totalMarks}</Table.Td>
                <Table.Td>
                  <DateTime value={attempt.attemptedAt} />
                </Table.Td>
                <Table.Td>{attempt.score !== undefined ? `${percentOf(attempt.score, attempt.totalMarks)} %` : '—'}</Table.Td>
                <Table.Td>
                  <AttemptBadges attempt={attempt.practice ? { ...attempt, passed: undefined } : attempt} />
                </Table.Td>
                <Table.Td>
                  <AnchorLink
                    to="/mcq-test/attempt-history/$subTopicId"
                    params={{ subTopicId: attempt.subTopicId }}
                    search={{ attempt: attempt.id }}
                    size="sm"
                    aria-label={`Review ${name}`}
                  >
                    Review
                  </AnchorLink>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  )
}
