import { NumberInput, Switch } from '@mantine/core'
import type { CertificateSettings } from '../../../contract/certificates.ts'
import type { FieldMessages } from '../../lib/schema-errors.ts'

/**
 * A package's certificate rules, one line of explanation each: the edit page's own form and the create form's
 * section share them.
 */
export function CertificateSettingsFields({
  values,
  errors,
  onChange,
}: {
  values: CertificateSettings
  errors: FieldMessages
  onChange: (values: CertificateSettings) => void
}) {
  return (
    <>
      <Switch
        label="Issue certificates"
        description="Learners who complete this package get a certificate anyone can verify."
        checked={values.enabled}
        onChange={(event) => onChange({ ...values, enabled: event.currentTarget.checked })}
      />
      <NumberInput
        label="Valid for (months)"
        description="Leave empty for certificates that never expire."
        min={1}
        allowDecimal={false}
        value={values.validityMonths ?? ''}
        onChange={(value) => onChange({ ...values, validityMonths: value === '' ? null : Number(value) })}
        error={errors.validityMonths}
        disabled={!values.enabled}
      />
      <NumberInput
        label="Start recertification (days before expiry)"
        description="The learner starts the package again this many days before the certificate expires."
        min={0}
        allowDecimal={false}
        value={values.renewDaysBefore}
        onChange={(value) => onChange({ ...values, renewDaysBefore: value === '' ? Number.NaN : Number(value) })}
        error={errors.renewDaysBefore}
        disabled={!values.enabled || values.validityMonths === null}
      />
    </>
  )
}
