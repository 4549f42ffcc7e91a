import { useEffect, useMemo, useState } from 'react'
import { Button, Paper, Stack, Text, Group } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react'
import type { SkillWithTopics } from '../../../contract/content.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { getToken } from '../../api/session.ts'
import { useDeleteTopic, useSaveSkillTopics } from '../../queries/topics.ts'
import { useDeleteSubTopic } from '../../queries/subtopics.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import classes from './TopicEditor.module.css'
import { errorsFromDetails, fieldId, fieldOrder, type DraftField, type DraftSubTopic, type DraftTopic } from './draft.ts'
import { TopicCard, plural, subTopicName, topicName, type TopicRowActions } from './TopicCard.tsx'
import { useTopicDraft } from './useTopicDraft.ts'

type PendingDelete =
  | { kind: 'topic'; topic: DraftTopic; index: number }
  | { kind: 'subTopic'; topicKey: string; sub: DraftSubTopic; index: number; subIndex: number }

/**
 * The topic and sub-topic editor of one skill. Edits stay in a local draft until 'Save All' sends the
 * whole draft in one request; deleting a saved topic or sub-topic asks first and happens at once.
 * Leaving with unsaved edits asks first.
 */
export function TopicEditor({ skill }: { skill: SkillWithTopics }) {
  const { draft, dirty, validation, errors, invalidCount, saveError, actions } = useTopicDraft(skill)
  const [focusId, setFocusId] = useState<string | null>(null)
  const [pending, setPending] = useState<PendingDelete | null>(null)

  const save = useSaveSkillTopics(skill.id)
  const deleteTopic = useDeleteTopic(skill.id)
  const deleteSubTopic = useDeleteSubTopic(skill.id)
  const busy = save.isPending

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

  const rowActions = useMemo<TopicRowActions>(
    () => ({
      editTopic: actions.editTopic,
      editSubTopic: actions.editSubTopic,
      addSubTopic: (topicKey) => setFocusId(fieldId(actions.addSubTopic(topicKey).key, 'title')),
      // A row never saved only leaves the draft; a saved one is deleted on the server after confirmation.
      deleteTopic: (topic, index) =>
        topic.id === undefined ? actions.removeTopic(topic.key, false) : setPending({ kind: 'topic', topic, index }),
      deleteSubTopic: (topicKey, sub, index, subIndex) =>
        sub.id === undefined
          ? actions.removeSubTopic(topicKey, sub.key, false)
          : setPending({ kind: 'subTopic', topicKey, sub, index, subIndex }),
    }),
    [actions],
  )

  function confirmDelete() {
    if (!pending) return
    if (pending.kind === 'topic') {
      const { topic } = pending
      deleteTopic.mutate(topic.id!, {
        onSuccess: () => {
          // Gone from the server: dropped from both the draft and the saved state, other edits kept.
          actions.removeTopic(topic.key, true)
          setPending(null)
        },
      })
    } else {
      const { topicKey, sub } = pending
      deleteSubTopic.mutate(sub.id!, {
        onSuccess: () => {
          actions.removeSubTopic(topicKey, sub.key, true)
          setPending(null)
        },
      })
    }
  }

  function saveAll() {
    actions.saveStarted()
    if (!validation.ok) {
      const first = fieldOrder(draft).find((key) => validation.errors[key])
      if (first) setFocusId(fieldId(first.slice(0, first.lastIndexOf('.')), first.slice(first.lastIndexOf('.') + 1) as DraftField))
      return
    }
    const sent = draft
    save.mutate(validation.input, {
      onSuccess: (saved) => {
        actions.saved(saved)
      },
      onError: (error) =>
        actions.saveFailed(
          messageOf(error, 'Nothing was saved. Try again.'),
          error instanceof ApiError ? errorsFromDetails(sent, error.details) : {},
        ),
    })
  }

  const deleting = deleteTopic.isPending || deleteSubTopic.isPending
  const pendingSubCount = pending?.kind === 'topic' ? pending.topic.subTopics.length : 0

  return (
    <Stack gap="md" className={classes.editor}>
      {draft.length === 0 ? (
        <EmptyState>No topics added yet. Use ‘Add topic’ to start.</EmptyState>
      ) : (
        draft.map((topic, index) => (
          <TopicCard key={topic.key} topic={topic} index={index} errors={errors} disabled={busy} actions={rowActions} />
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
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setFocusId(fieldId(actions.addTopic().key, 'title'))}
                disabled={busy}
              >
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
