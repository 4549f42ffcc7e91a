import { createFileRoute } from '@tanstack/react-router'
import { CreatePackagePage } from '../../../../components/packages/CreatePackagePage.tsx'

export const Route = createFileRoute('/_shell/_admin/package/create')({
  component: CreatePackagePage,
})
