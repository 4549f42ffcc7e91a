import { createFileRoute } from '@tanstack/react-router'
import { ImportUsersPage } from '../../../../components/users/ImportUsersPage.tsx'

export const Route = createFileRoute('/_shell/_admin/admin/import-users')({
  component: ImportUsersPage,
})
