import { useState, type FormEvent } from 'react'
import { Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { certificateSettingsSchema, type CertificateSettings } from '../../../contract/certificates.ts'
import { checkWith, type FieldMessages } from '../../lib/schema-errors.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { certificateSettingsQueryOptions, useSaveCertificateSettings } from '../../queries/certificates.ts'

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
  const save = useSaveCertificateSettings(packageId)
  const [values, setValues] = useState<CertificateSettings>(saved)
  const [errors, setErrors] = useState<FieldMessages>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkWith(certificateSettingsSchema, values)
    setErrors(checked.errors ?? {})
    if (checked.input) save.mutate(checked.input, { onError: () => undefined })
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="certificate-settings-title">
      <form onSubmit={submit} aria-labelledby="certificate-settings-title" noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="certificate-settings-title">
            Certificates
          </Title>
          <Switch
            label="Issue certificates"
            description="Learners who complete this package get a certificate anyone can verify."
            checked={values.enabled}
            onChange={(event) => setValues({ ...values, enabled: event.currentTarget.checked })}
          />
          <NumberInput
            label="Valid for (months)"
            description="Leave empty for certificates that never expire."
            min={1}
            allowDecimal={false}
            value={values.validityMonths ?? ''}
            onChange={(value) => setValues({ ...values, validityMonths: value === '' ? null : Number(value) })}
            error={errors.validityMonths}
            disabled={!values.enabled}
          />
          <NumberInput
            label="Start recertification (days before expiry)"
            description="The learner starts the package again this many days before the certificate expires."
            min={0}
            allowDecimal={false}
            value={values.renewDaysBefore}
            onChange={(value) => setValues({ ...values, renewDaysBefore: value === '' ? Number.NaN : Number(value) })}
            error={errors.renewDaysBefore}
            disabled={!values.enabled || values.validityMonths === null}
          />
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
