import { Stack } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { PackageInput } from '../../../contract/content.ts'
import { packageQueryOptions } from '../../queries/packages.ts'
import { useUpdatePackage } from '../../queries/package-changes.ts'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { CertificateSettingsForm } from './CertificateSettingsForm.tsx'
import { PackageForm } from './PackageForm.tsx'

/** `/package/edit/{id}`: the package form filled with the stored package; saving goes back to the list. */
export function EditPackagePage({ id, addSkill }: { id: number; addSkill?: boolean }) {
  const { data: pkg } = useSuspenseQuery(packageQueryOptions(id))
  const update = useUpdatePackage(id)
  const navigate = useNavigate()

  async function save(payload: PackageInput) {
    await update.mutateAsync(payload)
    await navigate({ to: '/package' })
  }

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Edit Package"
        subtitle={pkg.title}
        actions={
          <ButtonLink to="/package/$id" params={{ id }} variant="default">
            View package
          </ButtonLink>
        }
      />
      {/* Keyed by id so moving between packages starts a fresh form. */}
      <PackageForm
        key={pkg.id}
        initial={pkg}
        startWithNewSkill={addSkill}
        submitLabel="Update Package"
        failureMessage="Failed to update package"
        onSubmit={save}
      />
      <CertificateSettingsForm packageId={pkg.id} />
    </Stack>
  )
}
