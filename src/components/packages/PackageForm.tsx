import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Alert, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { packageInput, type Package, type PackageInput } from '../../../contract/content.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { ButtonLink } from '../ui/links.tsx'

interface SkillRow {
  /** React key only; never sent. */
  key: string
  /** The stored skill's id (edit), so the server's reconciliation keeps it. */
  id?: number
  title: string
  description: string
  price: string
}

interface Values {
  title: string
  description: string
  price: string
  skills: SkillRow[]
}

/** Field path ('title', 'skills.0.price', …) → message. */
type Errors = Record<string, string>

type TextField = 'title' | 'description' | 'price'

let rowCounter = 0
const newRowKey = () => `row-${++rowCounter}`
const blankSkill = (): SkillRow => ({ key: newRowKey(), title: '', description: '', price: '' })

function initialValues(pkg?: Package, addSkill = false): Values {
  if (!pkg) return { title: '', description: '', price: '', skills: [blankSkill()] }
  const stored = pkg.skills.map((s) => ({ key: newRowKey(), id: s.id, title: s.title, description: s.description, price: s.price }))
  return {
    title: pkg.title,
    description: pkg.description,
    price: pkg.price,
    skills: stored.length && !addSkill ? stored : [...stored, blankSkill()],
  }
}

/** What the values mean, without React keys: equal snapshots mean nothing changed. */
const snapshot = (v: Values) => JSON.stringify([v.title, v.description, v.price, v.skills.map((s) => [s.id ?? null, s.title, s.description, s.price])])

/** A blank price is a missing price, so the shared schema says 'Price is required'. */
const priceValue = (price: string) => (price.trim() === '' ? undefined : price.trim())

/** Checks the values with the same zod schema the server uses; returns the payload or the field messages. */
function validate(values: Values): { payload: PackageInput; errors?: undefined } | { payload?: undefined; errors: Errors } {
  const parsed = packageInput.safeParse({
    title: values.title,
    description: values.description,
    price: priceValue(values.price),
    skills: values.skills.map((s) => ({ ...(s.id !== undefined ? { id: s.id } : {}), title: s.title, description: s.description, price: priceValue(s.price) })),
  })
  if (parsed.success) return { payload: parsed.data }
  const errors: Errors = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form'
    errors[key] ??= issue.message
  }
  return { errors }
}

const FIELD_ORDER = (values: Values) => ['title', 'description', 'price', ...values.skills.flatMap((_, i) => [`skills.${i}.title`, `skills.${i}.description`, `skills.${i}.price`])]

/** Price inputs: a number with cents (step 0.01), a decimal keypad on phones, the rupee sign in front. */
const PRICE_PROPS = { type: 'number', step: '0.01', min: 0, inputMode: 'decimal' as const, leftSection: <Text size="sm">₹</Text> }

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
const SkillRowFields = memo(function SkillRowFields({ formId, index, row, removable, titleError, descriptionError, priceError, onChange, onRemove }: SkillRowFieldsProps) {
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
            <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={() => onRemove(row)} aria-label={`Remove Skill ${index + 1}`}>
              Remove Skill
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  )
})

interface PackageFormProps {
  /** The stored package when editing; absent when creating. */
  initial?: Package
  submitLabel: string
  /** Sends the validated payload; rejects with an ApiError when the server refuses it. Navigates away on success. */
  onSubmit: (payload: PackageInput) => Promise<unknown>
  /** Fallback toast when a failed save carries no message of its own. */
  failureMessage: string
  /** Start with an empty skill row after the stored ones ('Add new Skill for this package'). */
  startWithNewSkill?: boolean
}

/** The package form of /package/create and /package/edit/{id} (SPEC.md §5 'Package form'). */
export function PackageForm({ initial, submitLabel, onSubmit, failureMessage, startWithNewSkill = false }: PackageFormProps) {
  const formId = useId()
  const [values, setValues] = useState<Values>(() => initialValues(initial, startWithNewSkill))
  const [pristine] = useState(() => snapshot(initialValues(initial, startWithNewSkill)))
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [attempted, setAttempted] = useState(false)
  const [saving, setSaving] = useState(false)
  /** A stored skill the admin asked to remove, waiting for confirmation. */
  const [removing, setRemoving] = useState<SkillRow | null>(null)
  const saved = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)

  const dirty = useMemo(() => snapshot(values) !== pristine, [values, pristine])
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !saved.current,
    enableBeforeUnload: () => dirty && !saved.current,
    withResolver: true,
  })

  const attemptedRef = useRef(attempted)
  attemptedRef.current = attempted
  // After a failed submit the messages follow the values live (a submit itself changes no value).
  useEffect(() => {
    if (attemptedRef.current) setErrors(validate(values).errors ?? {})
  }, [values])

  const clearError = useCallback((key: string) => {
    setErrors((current) => {
      if (!(key in current)) return current
      const { [key]: _removed, ...rest } = current
      return rest
    })
  }, [])

  const setField = (field: TextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (!attempted) clearError(field)
  }

  const setSkill = useCallback(
    (index: number, field: TextField, value: string) => {
      setValues((v) => ({ ...v, skills: v.skills.map((s, i) => (i === index ? { ...s, [field]: value } : s)) }))
      if (!attemptedRef.current) clearError(`skills.${index}.${field}`)
    },
    [clearError],
  )

  function addSkill() {
    const row = blankSkill()
    setValues((v) => ({ ...v, skills: [...v.skills, row] }))
    // Move the keyboard to the new row's first field.
    requestAnimationFrame(() => document.getElementById(`${formId}-${row.key}-title`)?.focus())
  }

  const removeSkill = useCallback((key: string) => {
    setValues((v) => (v.skills.length <= 1 ? v : { ...v, skills: v.skills.filter((s) => s.key !== key) }))
    // Row messages are keyed by position: recompute them (the effect above) rather than shift them.
    if (!attemptedRef.current) setErrors({})
  }, [])

  const askRemove = useCallback((row: SkillRow) => (row.id === undefined ? removeSkill(row.key) : setRemoving(row)), [removeSkill])

  function focusFirstError(found: Errors) {
    const first = FIELD_ORDER(values).find((key) => found[key])
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving) return
    setAttempted(true)
    setFormError(null)
    const result = validate(values)
    if (result.errors) {
      setErrors(result.errors)
      focusFirstError(result.errors)
      return
    }
    setErrors({})
    setSaving(true)
    saved.current = true
    try {
      await onSubmit(result.payload)
    } catch (error) {
      saved.current = false
      if (error instanceof ApiError && Object.keys(error.details).length) {
        const known = new Set(FIELD_ORDER(values))
        const fieldErrors: Errors = {}
        const other: string[] = []
        for (const [key, message] of Object.entries(error.details)) {
          if (known.has(key)) fieldErrors[key] = message
          else other.push(message)
        }
        setErrors(fieldErrors)
        if (other.length) setFormError(other.join(' '))
        focusFirstError(fieldErrors)
      } else {
        setFormError(messageOf(error, failureMessage))
      }
    } finally {
      setSaving(false)
    }
  }

  const fieldProps = (key: string) => ({ error: errors[key], 'data-field': key, id: `${formId}-${key}` })

  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={submitLabel}>
        <Stack gap="lg">
          {formError ? (
            <Alert color="red" variant="light" title="Not saved" role="alert">
              {formError}
            </Alert>
          ) : null}

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Title order={2} size="h4">
                Package
              </Title>
              <TextInput
                label="Title"
                required
                maxLength={200}
                value={values.title}
                onChange={(e) => setField('title', e.currentTarget.value)}
                {...fieldProps('title')}
              />
              <Textarea
                label="Description"
                required
                autosize
                minRows={3}
                maxRows={10}
                maxLength={5000}
                value={values.description}
                onChange={(e) => setField('description', e.currentTarget.value)}
                {...fieldProps('description')}
              />
              <TextInput
                label="Price"
                required
                maw={{ base: '100%', sm: 240 }}
                value={values.price}
                onChange={(e) => setField('price', e.currentTarget.value)}
                {...PRICE_PROPS}
                {...fieldProps('price')}
              />
            </Stack>
          </Paper>

          <Stack gap="sm">
            <Group justify="space-between" align="center" wrap="wrap" gap="xs">
              <Title order={2} size="h4">
                Skills
              </Title>
              <Text size="sm" c="dimmed">
                At least one skill; each needs a title, description and price.
              </Text>
            </Group>
            {errors.skills ? (
              <Text c="red" size="sm" role="alert">
                {errors.skills}
              </Text>
            ) : null}

            {values.skills.map((skill, index) => (
              <SkillRowFields
                key={skill.key}
                formId={formId}
                index={index}
                row={skill}
                removable={values.skills.length > 1}
                titleError={errors[`skills.${index}.title`]}
                descriptionError={errors[`skills.${index}.description`]}
                priceError={errors[`skills.${index}.price`]}
                onChange={setSkill}
                onRemove={askRemove}
              />
            ))}

            <Group>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addSkill}>
                Add Skill
              </Button>
            </Group>
          </Stack>

          <Group justify="flex-end" gap="sm" wrap="wrap">
            <ButtonLink variant="default" to="/package">
              Cancel
            </ButtonLink>
            <Button type="submit" loading={saving} disabled={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>

      <ConfirmDialog
        opened={removing !== null}
        title="Remove skill"
        message={`Remove the skill "${removing?.title || 'Untitled'}" from this package?`}
        detail="When you save, its topics, sub-topics and their files are deleted with it."
        confirmLabel="Remove Skill"
        danger
        onConfirm={() => {
          if (removing) removeSkill(removing.key)
          setRemoving(null)
        }}
        onCancel={() => setRemoving(null)}
      />

      <ConfirmDialog
        opened={blocker.status === 'blocked'}
        title="Unsaved changes"
        message="You have unsaved changes. Leave this page and lose them?"
        confirmLabel="Leave without saving"
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  )
}
