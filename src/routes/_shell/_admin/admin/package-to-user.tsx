import { createFileRoute } from '@tanstack/react-router'
import { AssignFormPage } from '../../../../components/users/AssignFormPage.tsx'

export const Route = createFileRoute('/_shell/_admin/admin/package-to-user')({
  component: AssignFormPage,
})
