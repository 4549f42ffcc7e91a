import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Group, NativeSelect, Stack } from '@mantine/core'
import type { DueSettings } from '../../../contract/assignments.ts'
import { ApiError } from '../../api/errors.ts'
import { checkDueValues, dueValuesOf, fieldErrors, type DueErrors, type DueValues } from './due-settings-form.ts'
import { DueSettingsFields } from './DueSettingsFields.tsx'

interface DueSettingsFormProps {
  idPrefix: string
  label: string
  /** The packages to choose from; without, the package is fixed (editing its settings). */
  choices?: { id: number; title: string }[]
  initial: DueSettings | null
  submitLabel: string
  loading: boolean
  onSubmit: (packageId: number | null, settings: DueSettings) => Promise<unknown>
  onCancel?: () => void
  /** Focuses the first field when the form appears (an editor opened from a button). */
  focusOnOpen?: boolean
}

/**
 * An assignment's due settings, and the package when one is being chosen (a group's new package), checked with the
 * contract schema before sending; the server's field messages show under the fields.
 */
export function DueSettingsForm({
  idPrefix,
  label,
  choices,
  initial,
  submitLabel,
  loading,
  onSubmit,
  onCancel,
  focusOnOpen = false,
}: DueSettingsFormProps) {
  const [packageId, setPackageId] = useState('')
  const [packageError, setPackageError] = useState<string | undefined>()
  const [values, setValues] = useState<DueValues>(dueValuesOf(initial))
  const [errors, setErrors] = useState<DueErrors>({})
  const form = useRef<HTMLFormElement>(null)
  // An editor opened in place of a row starts at its first field.
  useEffect(() => {
    if (focusOnOpen) form.current?.querySelector<HTMLElement>('input, select')?.focus()
  }, [focusOnOpen])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkDueValues(values)
    setErrors(checked.errors ?? {})
    const missingPackage = choices !== undefined && !packageId
    setPackageError(missingPackage ? 'Choose a package' : undefined)
    if (!checked.input || missingPackage) return
    onSubmit(choices ? Number(packageId) : null, checked.input).then(
      () => {
        if (!choices) return
        setPackageId('')
        setValues(dueValuesOf(null))
      },
      (err: unknown) => {
        if (err instanceof ApiError) setErrors(fieldErrors(err.details))
      },
    )
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {choices ? (
          <NativeSelect
            id={`${idPrefix}-package`}
            label="Package"
            required
            value={packageId}
            error={packageError}
            onChange={(event) => {
              setPackageId(event.currentTarget.value)
              setPackageError(undefined)
            }}
            data={[
              { value: '', label: choices.length ? 'Choose a package' : 'Every package is assigned already' },
              ...choices.map((p) => ({ value: String(p.id), label: p.title })),
            ]}
          />
        ) : null}
        <DueSettingsFields
          idPrefix={idPrefix}
          values={values}
          errors={errors}
          onChange={(next, changed) => {
            setValues(next)
            setErrors((prev) => ({ ...prev, [changed]: undefined }))
          }}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={loading}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
