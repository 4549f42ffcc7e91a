import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { IconPlus } from '@tabler/icons-react'
import type { Package, PackageInput } from '../../../contract/content.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { ButtonLink } from '../ui/links.tsx'
import {
  FIELD_ORDER,
  blankSkill,
  initialValues,
  snapshot,
  validate,
  type Errors,
  type SkillRow,
  type TextField,
  type Values,
} from './package-form-values.ts'
import { PRICE_PROPS, SkillRowFields } from './SkillRowFields.tsx'

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
  /** More sections of the same form, after the skills (the create page's certificate settings). */
  children?: ReactNode
  /** Checks those sections on submit, showing their own messages; false stops the submit. */
  checkMore?: () => boolean
}

/** The package form of /package/create and /package/edit/{id} (docs/product.md#content). */
export function PackageForm({
  initial,
  submitLabel,
  onSubmit,
  failureMessage,
  startWithNewSkill = false,
  children,
  checkMore,
}: PackageFormProps) {
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
    const moreValid = checkMore?.() ?? true
    if (result.errors) {
      setErrors(result.errors)
      focusFirstError(result.errors)
      return
    }
    setErrors({})
    if (!moreValid) {
      // Those sections' messages show on the next render; their first invalid field takes the keyboard.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
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

          {children}

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
