import type { FormEvent } from 'react'
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core'
import { useState } from 'react'
import { createGroupInput, GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, type CreateGroupInput } from '../../../contract/groups.ts'
import { ApiError } from '../../api/errors.ts'
import { checkWith } from '../../lib/schema-errors.ts'

type Errors = Partial<Record<'name' | 'description', string>>

interface GroupFormProps {
  /** Names the form for assistive technology, e.g. 'Create group'. */
  label: string
  initial?: { name: string; description: string }
  submitLabel: string
  loading: boolean
  /** Saves; resolves when saved, rejects with the server's answer. */
  onSubmit: (input: CreateGroupInput) => Promise<unknown>
  onCancel?: () => void
  /** Empties the fields after a save (the create form). */
  resetOnSave?: boolean
}

/** A group's name and description, checked with the contract's schema; the server's field messages show under the fields. */
export function GroupForm({ label, initial, submitLabel, loading, onSubmit, onCancel, resetOnSave = false }: GroupFormProps) {
  const [values, setValues] = useState(initial ?? { name: '', description: '' })
  const [errors, setErrors] = useState<Errors>({})

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkWith(createGroupInput, values)
    setErrors(checked.errors ?? {})
    if (!checked.input) return
    onSubmit(checked.input).then(
      () => {
        if (resetOnSave) setValues({ name: '', description: '' })
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 409) setErrors({ name: err.message })
        else if (err instanceof ApiError && Object.keys(err.details).length) setErrors(err.details as Errors)
      },
    )
  }

  const change = (field: keyof Errors) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value
    setValues((prev) => ({ ...prev, [field]: value }))
    setErrors((prev) => ({ ...prev, [field]: undefined }))
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={GROUP_NAME_MAX} value={values.name} error={errors.name} onChange={change('name')} />
        <Textarea
          label="Description"
          minRows={2}
          maxLength={GROUP_DESCRIPTION_MAX}
          value={values.description}
          error={errors.description}
          onChange={change('description')}
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
