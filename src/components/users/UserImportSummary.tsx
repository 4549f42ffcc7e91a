import { Group, Table, Text } from '@mantine/core'
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react'
import type { UserImportError, UserImportResult } from '../../../contract/user-import.ts'
import { ImportChecking, ImportFigure, ImportPanel, ImportRefused } from '../ui/ImportPreview.tsx'
import { ScrollTable } from '../ui/ScrollTable.tsx'

/** Rows shown in an errors table; past that the table says how many more there are. */
const SHOWN_ERRORS = 200

export type UserImportPreviewState =
  | { status: 'checking' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; summary: UserImportResult }

/** Whether importing would change anything: an account to create or update, or an invitation to send. */
export const changesSomething = (summary: UserImportResult) => summary.created + summary.updated + summary.invited > 0

/** What an import will do, as the server's dry run answers it, before anything is stored or anyone is mailed. */
export function UserImportPreview({ state }: { state: UserImportPreviewState }) {
  if (state.status === 'checking') return <ImportChecking>Checking the file…</ImportChecking>
  if (state.status === 'failed') return <ImportRefused message={state.message} />
  const { summary } = state
  return (
    <ImportPanel label="Preview" icon={<IconFileSpreadsheet size={16} aria-hidden />}>
      <Group gap="xs">
        <ImportFigure label="Rows" value={summary.rows} color="gray" />
        <ImportFigure label="To create" value={summary.created} color={summary.created ? 'teal' : 'gray'} />
        <ImportFigure label="To update" value={summary.updated} color={summary.updated ? 'blue' : 'gray'} />
        <ImportFigure label="Unchanged" value={summary.unchanged} color="gray" />
        <ImportFigure label="Invitations to send" value={summary.invited} color={summary.invited ? 'teal' : 'gray'} />
        <ImportFigure label="Rows with errors" value={summary.errors.length} color={summary.errors.length ? 'orange' : 'gray'} />
      </Group>
      {summary.rows === 0 ? (
        <Text size="sm" c="dimmed">
          The file has no rows under its header.
        </Text>
      ) : !changesSomething(summary) ? (
        <Text size="sm" c="dimmed">
          Importing this file would change nothing: every row is unchanged or has errors.
        </Text>
      ) : null}
      <ErrorTable title="Rows that will be skipped" errors={summary.errors} />
    </ImportPanel>
  )
}

/** The server's answer to an import: what it did, and every row it skipped. */
export function UserImportOutcome({ result }: { result: UserImportResult }) {
  return (
    <ImportPanel label="Import result" icon={<IconCircleCheck size={16} aria-hidden />} focusOnMount>
      <Group gap="xs">
        <ImportFigure label="Created" value={result.created} color={result.created ? 'teal' : 'gray'} />
        <ImportFigure label="Updated" value={result.updated} color={result.updated ? 'blue' : 'gray'} />
        <ImportFigure label="Unchanged" value={result.unchanged} color="gray" />
        <ImportFigure label="Invited" value={result.invited} color={result.invited ? 'teal' : 'gray'} />
        <ImportFigure label="Skipped" value={result.errors.length} color={result.errors.length ? 'orange' : 'gray'} />
      </Group>
      <ErrorTable title="Skipped rows" errors={result.errors} />
    </ImportPanel>
  )
}

function ErrorTable({ title, errors }: { title: string; errors: UserImportError[] }) {
  if (!errors.length) return null
  const hidden = errors.length - SHOWN_ERRORS
  return (
    <>
      <ScrollTable label={title} minWidth={280} columns={['Row', 'Problem']}>
        <Table.Tbody>
          {errors.slice(0, SHOWN_ERRORS).map((error) => (
            <Table.Tr key={error.row}>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{error.row}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{error.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
      {hidden > 0 ? (
        <Text size="sm" c="dimmed">
          {`And ${hidden} more ${hidden === 1 ? 'row' : 'rows'} with errors: fix these first, then check the file again.`}
        </Text>
      ) : null}
    </>
  )
}
