import { Paper, Stack, Title } from '@mantine/core'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { UserImportForm } from './UserImportForm.tsx'
import { UserImportTemplate } from './UserImportTemplate.tsx'

/** Import users (/admin/import-users): the template, then a file checked before it is imported. */
export function ImportUsersPage() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Import users"
        subtitle="Create and update accounts from a spreadsheet, add people to groups and assign packages. New accounts get an e-mail inviting them to set a password."
        actions={
          <ButtonLink to="/admin/paginated-users" variant="default">
            Back to users
          </ButtonLink>
        }
      />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-template-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="import-template-heading">
            1. Fill in the template
          </Title>
          <UserImportTemplate />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-file-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="import-file-heading">
            2. Check and import the file
          </Title>
          <UserImportForm />
        </Stack>
      </Paper>
    </Stack>
  )
}
