import { Stack } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import type { PackageInput } from '../../../contract/content.ts'
import { useCreatePackage } from '../../queries/packages.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import { PackageForm } from './PackageForm.tsx'

/** `/package/create`: an empty package form; saving goes back to the list. */
export function CreatePackagePage() {
  const create = useCreatePackage()
  const navigate = useNavigate()

  async function save(payload: PackageInput) {
    await create.mutateAsync(payload)
    await navigate({ to: '/package' })
  }

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title="Create Package" subtitle="A package holds skills; topics and content are added per skill afterwards." />
      <PackageForm submitLabel="Create Package" failureMessage="Failed to create package" onSubmit={save} />
    </Stack>
  )
}
