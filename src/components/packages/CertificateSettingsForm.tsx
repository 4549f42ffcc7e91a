import { useState, type FormEvent } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { certificateSettingsSchema, type CertificateSettings } from '../../../contract/certificates.ts'
import { checkWith, type FieldMessages } from '../../lib/schema-errors.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { certificateSettingsQueryOptions, useSaveCertificateSettings } from '../../queries/certificates.ts'
import { CertificateSettingsFields } from './CertificateSettingsFields.tsx'

/** The package's certificate rules, beside the package form on the edit page (saved on their own; the loader prefetches them). */
export function CertificateSettingsForm({ packageId }: { packageId: number }) {
  const settings = useQuery(certificateSettingsQueryOptions(packageId))
  if (settings.isError)
    return (
      <LoadFailed onRetry={() => void settings.refetch()} retrying={settings.isFetching}>
        Failed to load the certificate settings
      </LoadFailed>
    )
  return settings.data ? <SettingsForm packageId={packageId} saved={settings.data} /> : null
}

function SettingsForm({ packageId, saved }: { packageId: number; saved: CertificateSettings }) {
  const save = useSaveCertificateSettings()
  const [values, setValues] = useState<CertificateSettings>(saved)
  const [errors, setErrors] = useState<FieldMessages>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkWith(certificateSettingsSchema, values)
    setErrors(checked.errors ?? {})
    if (checked.input) save.mutate({ packageId, settings: checked.input }, { onError: () => undefined })
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="certificate-settings-title">
      <form onSubmit={submit} aria-labelledby="certificate-settings-title" noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="certificate-settings-title">
            Certificates
          </Title>
          <CertificateSettingsFields values={values} errors={errors} onChange={setValues} />
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save certificate settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
