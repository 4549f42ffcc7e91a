import { memo, useEffect, useMemo, useState } from 'react'
import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react'
import type { SkillWithTopics } from '../../../contract/content.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { getToken } from '../../api/session.ts'
import { notify } from '../../lib/toast.ts'
import { useDeleteTopic, useSaveSkillTopics } from '../../queries/topics.ts'
import { useDeleteSubTopic } from '../../queries/subtopics.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import classes from './TopicEditor.module.css'
import {
  draftFrom,
  errorsFromDetails,
  fieldId,
  fieldKey,
  fieldOrder,
  newSubTopic,
  newTopic,
  sameContent,
  validateDraft,
  type DraftField,
  type DraftSubTopic,
  type DraftTopic,
  type FieldErrors,
} from './draft.ts'

interface EditorState {
  /** The server copy the draft was last reset from. */
  source: SkillWithTopics
  /** The saved state the draft is compared with (for "unsaved changes"). */
  baseline: DraftTopic[]
  draft: DraftTopic[]
}

const fresh = (skill: SkillWithTopics): EditorState => ({ source: skill, baseline: draftFrom(skill), draft: draftFrom(skill) })

type PendingDelete = { kind: 'topic'; topic: DraftTopic; index: number } | { kind: 'subTopic'; topicKey: string; sub: DraftSubTopic; index: number; subIndex: number }

const topicName = (topic: DraftTopic, index: number) => topic.title.trim() || `#${index + 1}`
const subTopicName = (sub: DraftSubTopic, index: number, subIndex: number) => sub.title.trim() || `#${index + 1}.${subIndex + 1}`
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const withoutKey = (errors: FieldErrors, key: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key))
const withoutTopic = (list: DraftTopic[], key: string) => list.filter((t) => t.key !== key)
const withoutSubTopic = (list: DraftTopic[], topicKey: string, subKey: string) =>
  list.map((t) => (t.key === topicKey ? { ...t, subTopics: t.subTopics.filter((s) => s.key !== subKey) } : t))

interface EditorActions {
  editTopic: (key: string, field: DraftField, value: string) => void
  editSubTopic: (topicKey: string, subKey: string, field: DraftField, value: string) => void
  addTopic: () => void
  addSubTopic: (topicKey: string) => void
  deleteTopic: (topic: DraftTopic, index: number) => void
  deleteSubTopic: (topicKey: string, sub: DraftSubTopic, index: number, subIndex: number) => void
}

/**
 * The topic and sub-topic editor of one skill. Edits stay in a local draft until 'Save All' sends the
 * whole draft in one request; deleting a saved topic or sub-topic asks first and happens at once.
 * Leaving with unsaved edits asks first.
 */
export function TopicEditor({ skill }: { skill: SkillWithTopics }) {
  const [state, setState] = useState(() => fresh(skill))
  const dirty = !sameContent(state.draft, state.baseline)
  if (skill !== state.source) {
    // The server copy changed (a refetch): adopt it unless there is unsaved work to keep.
    setState(dirty ? { ...state, source: skill } : fresh(skill))
  }

  const [showErrors, setShowErrors] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [focusId, setFocusId] = useState<string | null>(null)
  const [pending, setPending] = useState<PendingDelete | null>(null)

  const save = useSaveSkillTopics(skill.id)
  const deleteTopic = useDeleteTopic(skill.id)
  const deleteSubTopic = useDeleteSubTopic(skill.id)
  const busy = save.isPending

  const validation = validateDraft(state.draft)
  const liveErrors = showErrors && !validation.ok ? validation.errors : {}
  const errors: FieldErrors = { ...serverErrors, ...liveErrors }
  const invalidCount = Object.keys(liveErrors).length

  useEffect(() => {
    if (!focusId) return
    document.getElementById(focusId)?.focus()
    setFocusId(null)
  }, [focusId])

  const blocker = useBlocker({
    shouldBlockFn: () => dirty && getToken() !== null,
    enableBeforeUnload: dirty,
    withResolver: true,
  })

  // Stable handlers (they only use state setters), so unchanged topic cards skip re-rendering while typing.
  const actions = useMemo<EditorActions>(() => {
    function editDraft(change: (draft: DraftTopic[]) => DraftTopic[], touched?: string) {
      setState((s) => ({ ...s, draft: change(s.draft) }))
      setSaveError(null)
      if (touched) setServerErrors((current) => (current[touched] ? withoutKey(current, touched) : current))
    }
    return {
      editTopic: (key, field, value) => editDraft((d) => d.map((t) => (t.key === key ? { ...t, [field]: value } : t)), fieldKey(key, field)),
      editSubTopic: (topicKey, subKey, field, value) =>
        editDraft(
          (d) => d.map((t) => (t.key === topicKey ? { ...t, subTopics: t.subTopics.map((s) => (s.key === subKey ? { ...s, [field]: value } : s)) } : t)),
          fieldKey(subKey, field),
        ),
      addTopic: () => {
        const topic = newTopic()
        editDraft((d) => [...d, topic])
        setFocusId(fieldId(topic.key, 'title'))
      },
      addSubTopic: (topicKey) => {
        const sub = newSubTopic()
        editDraft((d) => d.map((t) => (t.key === topicKey ? { ...t, subTopics: [...t.subTopics, sub] } : t)))
        setFocusId(fieldId(sub.key, 'title'))
      },
      // A row never saved only leaves the draft; a saved one is deleted on the server after confirmation.
      deleteTopic: (topic, index) => {
        if (topic.id === undefined) editDraft((d) => withoutTopic(d, topic.key))
        else setPending({ kind: 'topic', topic, index })
      },
      deleteSubTopic: (topicKey, sub, index, subIndex) => {
        if (sub.id === undefined) editDraft((d) => withoutSubTopic(d, topicKey, sub.key))
        else setPending({ kind: 'subTopic', topicKey, sub, index, subIndex })
      },
    }
  }, [])

  function confirmDelete() {
    if (!pending) return
    if (pending.kind === 'topic') {
      const { topic } = pending
      deleteTopic.mutate(topic.id!, {
        onSuccess: () => {
          // Gone from the server: drop it from both the draft and the saved state, keeping other edits.
          setState((s) => ({ ...s, draft: withoutTopic(s.draft, topic.key), baseline: withoutTopic(s.baseline, topic.key) }))
          setPending(null)
          notify.success('Topic deleted')
        },
      })
    } else {
      const { topicKey, sub } = pending
      deleteSubTopic.mutate(sub.id!, {
        onSuccess: () => {
          setState((s) => ({ ...s, draft: withoutSubTopic(s.draft, topicKey, sub.key), baseline: withoutSubTopic(s.baseline, topicKey, sub.key) }))
          setPending(null)
          notify.success('SubTopic deleted')
        },
      })
    }
  }

  function saveAll() {
    setShowErrors(true)
    setSaveError(null)
    setServerErrors({})
    if (!validation.ok) {
      const first = fieldOrder(state.draft).find((key) => validation.errors[key])
      if (first) setFocusId(fieldId(first.slice(0, first.lastIndexOf('.')), first.slice(first.lastIndexOf('.') + 1) as DraftField))
      return
    }
    const sent = state.draft
    save.mutate(validation.input, {
      onSuccess: (saved) => {
        setState(fresh(saved))
        setShowErrors(false)
        notify.success('Topics & Subtopics saved!')
      },
      onError: (error) => {
        setSaveError(messageOf(error, 'Nothing was saved. Try again.'))
        if (error instanceof ApiError) setServerErrors(errorsFromDetails(sent, error.details))
      },
    })
  }

  const deleting = deleteTopic.isPending || deleteSubTopic.isPending
  const pendingSubCount = pending?.kind === 'topic' ? pending.topic.subTopics.length : 0

  return (
    <Stack gap="md" className={classes.editor}>
      {state.draft.length === 0 ? (
        <EmptyState>No topics added yet. Use ‘Add topic’ to start.</EmptyState>
      ) : (
        state.draft.map((topic, index) => (
          <TopicCard key={topic.key} topic={topic} index={index} errors={errors} disabled={busy} actions={actions} />
        ))
      )}

      <Paper
        withBorder
        shadow="md"
        p="sm"
        radius="md"
        style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 3 }}
        aria-label="Save changes"
        component="section"
      >
        <Stack gap={6}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c={dirty ? 'orange.7' : 'dimmed'} fw={dirty ? 600 : undefined} aria-live="polite">
              {dirty ? 'Unsaved changes' : 'All changes saved'}
            </Text>
            <Group gap="xs" wrap="nowrap" ml="auto">
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={actions.addTopic} disabled={busy}>
                Add topic
              </Button>
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={saveAll} loading={busy}>
                Save All
              </Button>
            </Group>
          </Group>
          {invalidCount > 0 ? (
            <Text size="sm" c="red" role="alert">
              {plural(invalidCount, 'field needs', 'fields need')} attention: fix {invalidCount === 1 ? 'it' : 'them'} and save again.
            </Text>
          ) : null}
          {saveError ? (
            <Text size="sm" c="red" role="alert">
              Not saved: {saveError}
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'subTopic' ? 'Delete sub-topic' : 'Delete topic'}
        message={
          pending?.kind === 'subTopic'
            ? `Are you sure you want to delete the sub-topic ‘${subTopicName(pending.sub, pending.index, pending.subIndex)}’?`
            : pending
              ? `Are you sure you want to delete the topic ‘${topicName(pending.topic, pending.index)}’?`
              : ''
        }
        detail={
          pending?.kind === 'subTopic'
            ? 'Its videos, study materials and questions are deleted with it. This cannot be undone.'
            : pendingSubCount === 0
              ? 'It has no sub-topics. This cannot be undone.'
              : `Its ${plural(pendingSubCount, 'sub-topic', 'sub-topics')}, with their videos, study materials and questions, ${pendingSubCount === 1 ? 'is' : 'are'} deleted with it. This cannot be undone.`
        }
        confirmLabel="Delete"
        danger
        loading={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />

      <ConfirmDialog
        opened={blocker.status === 'blocked'}
        title="Leave without saving?"
        message="You have unsaved changes to these topics and sub-topics."
        detail="If you leave now, they are lost. Cancel to stay and use Save All."
        confirmLabel="Leave"
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  )
}

interface TopicCardProps {
  topic: DraftTopic
  index: number
  /** All the editor's field errors; only this topic's are compared between renders. */
  errors: FieldErrors
  disabled: boolean
  actions: EditorActions
}

/** Props equal for rendering when everything but `errors` is identical and this topic's own errors are the same. */
function sameRowProps<P extends { errors: FieldErrors }>(keysOf: (props: P) => string[]) {
  return (a: P, b: P) => {
    for (const key of Object.keys(b) as (keyof P)[]) if (key !== 'errors' && a[key] !== b[key]) return false
    return keysOf(b).every((key) => a.errors[key] === b.errors[key])
  }
}

const topicFieldKeys = (topic: DraftTopic) => [
  fieldKey(topic.key, 'title'),
  fieldKey(topic.key, 'description'),
  ...topic.subTopics.flatMap((sub) => [fieldKey(sub.key, 'title'), fieldKey(sub.key, 'description')]),
]

const TopicCard = memo(function TopicCard({ topic, index, errors, disabled, actions }: TopicCardProps) {
  const name = topicName(topic, index)
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`Topic ${index + 1}${topic.title.trim() ? `: ${topic.title.trim()}` : ''}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={700} component="h2" size="md" m={0}>
              Topic {index + 1}
            </Text>
            {topic.id === undefined ? (
              <Badge variant="light" color="teal" size="sm">
                New
              </Badge>
            ) : null}
            <Badge variant="light" color="gray" size="sm">
              {plural(topic.subTopics.length, 'sub-topic', 'sub-topics')}
            </Badge>
          </Group>
          <Tooltip label="Delete topic">
            <ActionIcon variant="subtle" color="red" size="lg" onClick={() => actions.deleteTopic(topic, index)} disabled={disabled} aria-label={`Delete topic ${name}`}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>

        <TextInput
          id={fieldId(topic.key, 'title')}
          label="Topic title"
          required
          maxLength={200}
          value={topic.title}
          onChange={(e) => actions.editTopic(topic.key, 'title', e.currentTarget.value)}
          error={errors[fieldKey(topic.key, 'title')]}
          disabled={disabled}
        />
        <Textarea
          id={fieldId(topic.key, 'description')}
          label="Topic description"
          required
          maxLength={5000}
          autosize
          minRows={2}
          maxRows={8}
          value={topic.description}
          onChange={(e) => actions.editTopic(topic.key, 'description', e.currentTarget.value)}
          error={errors[fieldKey(topic.key, 'description')]}
          disabled={disabled}
        />

        <Stack gap="xs" mt="xs">
          <Text fw={600} size="sm" component="h3" m={0}>
            Sub-topics
          </Text>
          {topic.subTopics.length === 0 ? (
            <Text size="sm" c="dimmed" fs="italic">
              No subtopics added.
            </Text>
          ) : (
            topic.subTopics.map((sub, subIndex) => (
              <SubTopicRow key={sub.key} topicKey={topic.key} sub={sub} index={index} subIndex={subIndex} errors={errors} disabled={disabled} actions={actions} />
            ))
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => actions.addSubTopic(topic.key)}
              disabled={disabled}
              aria-label={`Add sub-topic to ${topic.title.trim() || `topic #${index + 1}`}`}
            >
              Add sub-topic
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Card>
  )
}, sameRowProps<TopicCardProps>((props) => topicFieldKeys(props.topic)))

interface SubTopicRowProps {
  topicKey: string
  sub: DraftSubTopic
  index: number
  subIndex: number
  errors: FieldErrors
  disabled: boolean
  actions: EditorActions
}

const SubTopicRow = memo(function SubTopicRow({ topicKey, sub, index, subIndex, errors, disabled, actions }: SubTopicRowProps) {
  const name = subTopicName(sub, index, subIndex)
  const number = `${index + 1}.${subIndex + 1}`
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="group"
      aria-label={`Sub-topic ${number}${sub.title.trim() ? `: ${sub.title.trim()}` : ''}`}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={600} c="dimmed">
              Sub-topic {number}
            </Text>
            {sub.id === undefined ? (
              <Badge variant="light" color="teal" size="xs">
                New
              </Badge>
            ) : null}
          </Group>
          <Tooltip label="Delete sub-topic">
            <ActionIcon variant="subtle" color="red" onClick={() => actions.deleteSubTopic(topicKey, sub, index, subIndex)} disabled={disabled} aria-label={`Delete sub-topic ${name}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <TextInput
          id={fieldId(sub.key, 'title')}
          label="Sub-topic title"
          required
          maxLength={200}
          size="sm"
          value={sub.title}
          onChange={(e) => actions.editSubTopic(topicKey, sub.key, 'title', e.currentTarget.value)}
          error={errors[fieldKey(sub.key, 'title')]}
          disabled={disabled}
        />
        <Textarea
          id={fieldId(sub.key, 'description')}
          label="Sub-topic description"
          required
          maxLength={5000}
          size="sm"
          autosize
          minRows={2}
          maxRows={6}
          value={sub.description}
          onChange={(e) => actions.editSubTopic(topicKey, sub.key, 'description', e.currentTarget.value)}
          error={errors[fieldKey(sub.key, 'description')]}
          disabled={disabled}
        />
        {sub.id === undefined ? (
          <Text size="xs" c="dimmed">
            Save to add questions and content to this sub-topic.
          </Text>
        ) : (
          <Group gap="xs">
            <ButtonLink to="/subtopic-mcqs/$subTopicIds" params={{ subTopicIds: [sub.id] }} variant="light" size="xs" aria-label={`View Added Questions for ${name}`}>
              View Added Questions
            </ButtonLink>
            <ButtonLink to="/subtopic/$id" params={{ id: sub.id }} variant="subtle" size="xs" aria-label={`Open sub-topic ${name}`}>
              Open sub-topic
            </ButtonLink>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}, sameRowProps<SubTopicRowProps>((props) => [fieldKey(props.sub.key, 'title'), fieldKey(props.sub.key, 'description')]))
