import { memo, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react'
import { OPTION_LETTERS, parseOptions, splitCorrect, type Mcq } from '../../../contract/media.ts'
import { useDeleteMcq, useUpdateMcq } from '../../queries/mcqs.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { FormMessage } from '../ui/FormMessage.tsx'
import { fromDraft, toDraft, type McqDraft } from './mcq-draft.ts'
import { McqDraftFields } from './McqDraftFields.tsx'
import classes from './media.module.css'

interface McqRowProps {
  mcq: Mcq
  number: number
  /** Shown when the table holds several sub-topics. */
  subTopicTitle?: string
}

/** One numbered question: viewing (question, options A–D, correct answers) or editing inline (Save, Cancel, Delete). */
export const McqRow = memo(function McqRow({ mcq, number, subTopicTitle }: McqRowProps) {
  const [editing, setEditing] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)

  // Leaving the editor puts focus back on this row's Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])

  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={`Question ${number}`}>
      {editing ? (
        <McqEditor mcq={mcq} number={number} onDone={() => setEditing(false)} />
      ) : (
        <McqView mcq={mcq} number={number} subTopicTitle={subTopicTitle} onEdit={() => setEditing(true)} editRef={editButton} />
      )}
    </Paper>
  )
})

/** The row's number, its body and (when viewing) its action; phones put the body under number and action. */
function Numbered({ number, action, children }: { number: number; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className={classes.row} data-with-action={action ? true : undefined}>
      <Text fw={700} c="dimmed" className={classes.rowNumber}>
        {number}.
      </Text>
      <div className={classes.rowBody}>{children}</div>
      {action ? <div className={classes.rowAction}>{action}</div> : null}
    </div>
  )
}

function McqView({
  mcq,
  number,
  subTopicTitle,
  onEdit,
  editRef,
}: McqRowProps & { onEdit: () => void; editRef: React.Ref<HTMLButtonElement> }) {
  const options = useMemo(() => parseOptions(mcq.options), [mcq.options])
  const correct = useMemo(() => new Set(splitCorrect(mcq.correctOption ?? '')), [mcq.correctOption])
  return (
    <Numbered
      number={number}
      action={
        <Button
          ref={editRef}
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={onEdit}
          aria-label={`Edit question ${number}`}
        >
          Edit
        </Button>
      }
    >
      <Stack gap={6}>
        {subTopicTitle ? (
          <Badge variant="light" color="gray" size="sm" style={{ textTransform: 'none', alignSelf: 'flex-start' }}>
            {subTopicTitle}
          </Badge>
        ) : null}
        <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mcq.question}
        </Text>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Options">
          {OPTION_LETTERS.filter((l) => options[l] !== undefined).map((letter) => {
            const right = correct.has(letter)
            return (
              <Group key={letter} gap="xs" wrap="nowrap" component="li" align="flex-start">
                <ThemeIcon
                  size={20}
                  radius="xl"
                  variant={right ? 'filled' : 'default'}
                  color={right ? 'teal' : 'gray'}
                  aria-hidden
                  style={{ flexShrink: 0 }}
                >
                  {right ? <IconCheck size={13} /> : null}
                </ThemeIcon>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} fw={right ? 600 : undefined}>
                  <Text span fw={700} size="sm">
                    {letter}.
                  </Text>{' '}
                  {options[letter]}
                  {right ? <VisuallyHidden component="span"> (correct)</VisuallyHidden> : null}
                </Text>
              </Group>
            )
          })}
        </Stack>
        <Text size="sm" c="dimmed">
          Correct answer{correct.size === 1 ? '' : 's'}:{' '}
          <Text span fw={700} c="teal">
            {[...correct].join(', ') || '—'}
          </Text>
        </Text>
        {mcq.explanation ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fw={700} size="sm">
              Explanation:
            </Text>{' '}
            {mcq.explanation}
          </Text>
        ) : null}
      </Stack>
    </Numbered>
  )
}

function McqEditor({ mcq, number, onDone }: { mcq: Mcq; number: number; onDone: () => void }) {
  const [draft, setDraft] = useState<McqDraft>(() => toDraft(mcq))
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const update = useUpdateMcq()
  const remove = useDeleteMcq()
  const busy = update.isPending || remove.isPending

  const change = (patch: Partial<McqDraft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setError(null)
  }

  function save(event: FormEvent) {
    event.preventDefault()
    const checked = fromDraft(draft)
    if ('error' in checked) {
      setError(checked.error)
      return
    }
    update.mutate(
      { mcq, update: checked.update },
      {
        onSuccess: () => {
          onDone()
        },
      },
    )
  }

  function confirmDelete() {
    remove.mutate(mcq, {
      onSuccess: () => {
        setConfirming(false)
      },
    })
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !busy && !confirming) {
      event.stopPropagation()
      onDone()
    }
  }

  return (
    <Numbered number={number}>
      <form onSubmit={save} onKeyDown={onKeyDown} noValidate aria-label={`Edit question ${number}`}>
        <Stack gap="sm">
          <McqDraftFields draft={draft} onChange={change} disabled={busy} />
          <FormMessage>{error}</FormMessage>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs">
              <Button type="submit" size="sm" loading={update.isPending} disabled={remove.isPending}>
                Save
              </Button>
              <Button variant="default" size="sm" onClick={onDone} disabled={busy}>
                Cancel
              </Button>
            </Group>
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={busy}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title="Delete question"
        message="Are you sure you want to delete this question?"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Numbered>
  )
}
