import { memo } from 'react'
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import type { SkillRow, TextField } from './package-form-values.ts'

/** Price inputs: a number with cents (step 0.01), a decimal keypad on phones, the rupee sign in front. */
export const PRICE_PROPS = { type: 'number', step: '0.01', min: 0, inputMode: 'decimal' as const, leftSection: <Text size="sm">₹</Text> }

interface SkillRowFieldsProps {
  formId: string
  index: number
  row: SkillRow
  removable: boolean
  titleError?: string
  descriptionError?: string
  priceError?: string
  onChange: (index: number, field: TextField, value: string) => void
  onRemove: (row: SkillRow) => void
}

/** One skill row; memoised so typing in one row does not re-render the others. */
export const SkillRowFields = memo(function SkillRowFields({
  formId,
  index,
  row,
  removable,
  titleError,
  descriptionError,
  priceError,
  onChange,
  onRemove,
}: SkillRowFieldsProps) {
  const id = (field: TextField) => `${formId}-${row.key}-${field}`
  return (
    <Fieldset legend={`Skill ${index + 1}`} radius="md" variant="default">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Skill title"
            required
            maxLength={200}
            value={row.title}
            onChange={(e) => onChange(index, 'title', e.currentTarget.value)}
            error={titleError}
            data-field={`skills.${index}.title`}
            id={id('title')}
          />
          <TextInput
            label="Skill price"
            required
            value={row.price}
            onChange={(e) => onChange(index, 'price', e.currentTarget.value)}
            {...PRICE_PROPS}
            error={priceError}
            data-field={`skills.${index}.price`}
            id={id('price')}
          />
        </SimpleGrid>
        <Textarea
          label="Skill description"
          required
          autosize
          minRows={2}
          maxRows={8}
          maxLength={5000}
          value={row.description}
          onChange={(e) => onChange(index, 'description', e.currentTarget.value)}
          error={descriptionError}
          data-field={`skills.${index}.description`}
          id={id('description')}
        />
        {removable ? (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} />}
              onClick={() => onRemove(row)}
              aria-label={`Remove Skill ${index + 1}`}
            >
              Remove Skill
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  )
})
