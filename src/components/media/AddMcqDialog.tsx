import { useState, type FormEvent } from 'react'
import { Button, Group, Stack } from '@mantine/core'
import { messageOf } from '../../api/errors.ts'
import { useCreateMcq } from '../../queries/mcqs.ts'
import { usePhone } from '../ui/usePhone.ts'
import { FormMessage } from '../ui/FormMessage.tsx'
import { EMPTY_DRAFT, toNewQuestion, type McqDraft } from './mcq-draft.ts'
import { McqDraftFields } from './McqDraftFields.tsx'
import { Modal } from '../ui/Modal.tsx'

interface AddMcqDialogProps {
  subTopicId: number
  opened: boolean
  onClose: () => void
}

/** 'Add question': one question into the sub-topic, checked by the server with a spreadsheet row's rules. */
export function AddMcqDialog({ subTopicId, opened, onClose }: AddMcqDialogProps) {
  const phone = usePhone()
  return (
    <Modal opened={opened} onClose={onClose} title="Add question" fullScreen={phone} size="lg" centered>
      {opened ? <AddMcqForm subTopicId={subTopicId} onDone={onClose} /> : null}
    </Modal>
  )
}

function AddMcqForm({ subTopicId, onDone }: { subTopicId: number; onDone: () => void }) {
  const [draft, setDraft] = useState<McqDraft>(EMPTY_DRAFT)
  const create = useCreateMcq()

  const change = (patch: Partial<McqDraft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    create.reset()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate({ subTopicId, ...toNewQuestion(draft) }, { onSuccess: onDone })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add question">
      <Stack gap="sm">
        <McqDraftFields draft={draft} onChange={change} disabled={create.isPending} />
        <FormMessage>{create.isError ? messageOf(create.error, 'The question was not added. Try again.') : null}</FormMessage>
        <Group gap="xs">
          <Button type="submit" size="sm" loading={create.isPending}>
            Add question
          </Button>
          <Button variant="default" size="sm" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
