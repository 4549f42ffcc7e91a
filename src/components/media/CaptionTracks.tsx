import { useState } from 'react'
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { IconTrash, IconUpload } from '@tabler/icons-react'
import { captionUploadFields } from '../../../contract/captions.ts'
import type { Caption, Video } from '../../../contract/content.ts'
import { messageOf } from '../../api/errors.ts'
import { useDeleteCaptions, useUploadCaptions } from '../../queries/captions.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { FilePicker, wrongKind } from '../ui/FilePicker.tsx'
import { FormMessage } from '../ui/FormMessage.tsx'
import { Modal } from '../ui/Modal.tsx'

type Kind = Caption['kind']
interface Draft {
  language: string
  label: string
  kind: Kind
}

const kindName = (kind: Kind) => (kind === 'captions' ? 'Captions' : 'Subtitles')

/**
 * A video's caption tracks on the admin screens: each with its language, label and kind, Replace and Delete, and
 * 'Add captions' (a .vtt or .srt file). The server's reason for refusing a file ('Line 14: …') shows in the form.
 */
export function CaptionTracks({ video, skillId }: { video: Video; skillId: number | null }) {
  const [editing, setEditing] = useState<Draft | null>(null)
  const [deleting, setDeleting] = useState<Caption | null>(null)
  const remove = useDeleteCaptions(skillId)
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        Captions
      </Text>
      {video.captions.length ? (
        <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }} aria-label={`Caption tracks of ${video.title}`}>
          {video.captions.map((track) => (
            <li key={track.id}>
              <Group gap={4} wrap="wrap" justify="space-between">
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {track.label} · {track.language} · {kindName(track.kind)}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setEditing({ language: track.language, label: track.label, kind: track.kind })}
                    aria-label={`Replace ${track.label} ${track.kind} of ${video.title}`}
                  >
                    Replace
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={12} aria-hidden />}
                    onClick={() => setDeleting(track)}
                    aria-label={`Delete ${track.label} ${track.kind} of ${video.title}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="xs" c="dimmed">
          No captions yet
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconUpload size={12} aria-hidden />}
        onClick={() => setEditing({ language: '', label: '', kind: 'captions' })}
        aria-haspopup="dialog"
        aria-label={`Add captions to ${video.title}`}
        style={{ alignSelf: 'flex-start' }}
      >
        Add captions
      </Button>
      <CaptionUploadDialog video={video} skillId={skillId} draft={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete captions"
        message={`Delete the ${deleting?.label ?? ''} ${deleting?.kind ?? ''} of '${video.title}'?`}
        detail="Learners no longer see them, and the transcript goes with them."
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate({ videoId: video.id, captionId: deleting.id, subTopicId: video.subTopicId }, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  )
}

function CaptionUploadDialog(props: { video: Video; skillId: number | null; draft: Draft | null; onClose: () => void }) {
  const { video, skillId, draft, onClose } = props
  return (
    <Modal opened={draft !== null} onClose={onClose} title={`Captions for ${video.title}`} centered>
      {draft ? <CaptionUploadForm video={video} skillId={skillId} initial={draft} onDone={onClose} /> : null}
    </Modal>
  )
}

function CaptionUploadForm({
  video,
  skillId,
  initial,
  onDone,
}: {
  video: Video
  skillId: number | null
  initial: Draft
  onDone: () => void
}) {
  const [draft, setDraft] = useState(initial)
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const upload = useUploadCaptions(skillId)

  function submit(event: React.FormEvent) {
    event.preventDefault()
    setError(null)
    const checked = captionUploadFields.safeParse(draft)
    const problems: Record<string, string> = {}
    if (!checked.success) for (const issue of checked.error.issues) problems[String(issue.path[0])] ??= issue.message
    const fileProblem = file ? wrongKind(file, 'captions') : 'Choose a .vtt or .srt file'
    if (fileProblem) problems.file = fileProblem
    setFieldErrors(problems)
    if (!checked.success || !file || fileProblem) return
    upload.mutate(
      { videoId: video.id, subTopicId: video.subTopicId, file, ...checked.data },
      { onSuccess: onDone, onError: (failure) => setError(messageOf(failure, 'The captions were not uploaded')) },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FilePicker kind="captions" label="Caption file (.vtt or .srt)" value={file} onChange={setFile} error={fieldErrors.file} />
        <TextInput
          label="Language (BCP 47, e.g. en or pt-BR)"
          value={draft.language}
          onChange={(event) => setDraft({ ...draft, language: event.currentTarget.value })}
          error={fieldErrors.language}
        />
        <TextInput
          label="Label"
          description="What learners see in the captions menu, e.g. English"
          value={draft.label}
          onChange={(event) => setDraft({ ...draft, label: event.currentTarget.value })}
          error={fieldErrors.label}
        />
        <NativeSelect
          label="Kind"
          value={draft.kind}
          onChange={(event) => setDraft({ ...draft, kind: event.currentTarget.value as Kind })}
          data={[
            { value: 'captions', label: 'Captions (speech and sounds)' },
            { value: 'subtitles', label: 'Subtitles (translation)' },
          ]}
        />
        <FormMessage>{error}</FormMessage>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={upload.isPending}>
            Upload captions
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
