import { useState } from 'react'
import { Paper, Stack, Text, Title } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { certificateSettingsSchema, DEFAULT_CERTIFICATE_SETTINGS, type CertificateSettings } from '../../../contract/certificates.ts'
import type { PackageInput } from '../../../contract/content.ts'
import { checkWith, type FieldMessages } from '../../lib/schema-errors.ts'
import { useSaveCertificateSettings } from '../../queries/certificates.ts'
import { useCreatePackage } from '../../queries/package-changes.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import { CertificateSettingsFields } from './CertificateSettingsFields.tsx'
import { PackageForm } from './PackageForm.tsx'

/**
 * `/package/create`: an empty package form with its certificate settings; saving creates the package, then saves the
 * settings for it (when certificates are on) and goes back to the list. Settings that fail to save leave the admin on
 * the new package's edit page, where they can be saved again.
 */
export function CreatePackagePage() {
  const create = useCreatePackage()
  const saveSettings = useSaveCertificateSettings({
    errorMessage: 'Package created, but its certificate settings were not saved',
    errorReason: 'description',
  })
  const navigate = useNavigate()
  const [settings, setSettings] = useState<CertificateSettings>(DEFAULT_CERTIFICATE_SETTINGS)
  const [settingsErrors, setSettingsErrors] = useState<FieldMessages>({})

  function checkSettings() {
    const checked = settings.enabled ? checkWith(certificateSettingsSchema, settings) : { errors: undefined }
    setSettingsErrors(checked.errors ?? {})
    return checked.errors === undefined
  }

  async function save(payload: PackageInput) {
    const created = await create.mutateAsync(payload)
    if (settings.enabled) {
      try {
        await saveSettings.mutateAsync({ packageId: created.id, settings })
      } catch {
        await navigate({ to: '/package/edit/$id', params: { id: created.id } })
        return
      }
    }
    await navigate({ to: '/package' })
  }

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title="Create Package" subtitle="A package holds skills; topics and content are added per skill afterwards." />
      <PackageForm submitLabel="Create Package" failureMessage="Failed to create package" onSubmit={save} checkMore={checkSettings}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="certificate-settings-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="certificate-settings-title">
              Certificates
            </Title>
            <CertificateSettingsFields values={settings} errors={settingsErrors} onChange={setSettings} />
            {settingsErrors.form ? (
              <Text c="red" size="sm" role="alert">
                {settingsErrors.form}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </PackageForm>
    </Stack>
  )
}
