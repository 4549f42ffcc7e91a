import { NumberInput, Radio, Stack, Group, Text, TextInput } from '@mantine/core'
import { MAX_DUE_DAYS } from '../../../contract/assignments.ts'
import { reminderSentence } from '../../lib/due-words.ts'
import { parseOffsets, type DueErrors, type DueMode, type DueValues } from './due-settings-form.ts'

interface DueSettingsFieldsProps {
  /** Makes the fields' ids unique on a page with several forms. */
  idPrefix: string
  values: DueValues
  errors: DueErrors
  onChange: (values: DueValues, changed: keyof DueValues) => void
}

/** How an assignment falls due (none, a date, or N days after assignment) and its reminder offsets, read as a sentence. */
export function DueSettingsFields({ idPrefix, values, errors, onChange }: DueSettingsFieldsProps) {
  const set = (changed: keyof DueValues, value: string) => onChange({ ...values, [changed]: value }, changed)
  const offsets = parseOffsets(values.reminders)
  const readable = offsets.every(Number.isInteger)
  return (
    <Stack gap="sm">
      <Radio.Group label="Due date" value={values.mode} onChange={(mode) => set('mode', mode as DueMode)}>
        <Group gap="md" mt={6}>
          <Radio value="none" label="No due date" />
          <Radio value="date" label="On a date" />
          <Radio value="days" label="Days after assignment" />
        </Group>
      </Radio.Group>
      {values.mode === 'date' ? (
        <TextInput
          id={`${idPrefix}-date`}
          type="date"
          label="Due on"
          required
          value={values.date}
          error={errors.date}
          onChange={(event) => set('date', event.currentTarget.value)}
        />
      ) : null}
      {values.mode === 'days' ? (
        <NumberInput
          id={`${idPrefix}-days`}
          label="Days after assignment"
          required
          min={1}
          max={MAX_DUE_DAYS}
          allowDecimal={false}
          value={values.days}
          error={errors.days}
          onChange={(value) => set('days', String(value))}
        />
      ) : null}
      <TextInput
        id={`${idPrefix}-reminders`}
        label="Reminders (days before the due date; negative for after)"
        description="Separate with commas, e.g. 7, 1, -1. Leave empty for no reminders."
        value={values.reminders}
        error={errors.reminders}
        onChange={(event) => set('reminders', event.currentTarget.value)}
      />
      <Text size="sm" aria-live="polite">
        {!readable
          ? 'Reminders: not a list of whole days yet'
          : offsets.length
            ? `Reminders: ${reminderSentence([...new Set(offsets)].sort((a, b) => b - a))}`
            : 'No reminders'}
      </Text>
    </Stack>
  )
}
