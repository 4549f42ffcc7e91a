import { useState, type FormEvent } from 'react'
import { Button, Stack } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import type { McqUploadResult } from '../../../contract/media.ts'
import type { SheetKind } from '../../../contract/mcq-import.ts'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { usePreviewMcqSheet, useUploadMcqSheet } from '../../queries/mcqs.ts'
import { FilePicker, wrongKind } from '../ui/FilePicker.tsx'
import { FormMessage } from '../ui/FormMessage.tsx'
import { McqPreview, McqResult, type McqPreviewState } from './McqPreview.tsx'
import { UploadProgress } from '../ui/UploadProgress.tsx'
import { formName } from './form-name.ts'

interface McqSheetUploadProps {
  kind: SheetKind
  /** The sub-topic of a plain sheet. */
  subTopicId?: number
  /** Tells this form apart from the same form of other sub-topics on one screen. */
  subTopicTitle?: string
  label?: string
  /** Shown when Upload is pressed with no file. */
  missingFileMessage: string
}

/**
 * An MCQ spreadsheet import: the chosen .xlsx is checked by the server in a dry run (rows, and each row that
 * will be skipped with its reason; nothing stored), so the browser never parses a sheet; Upload confirms; the
 * server's result follows.
 */
export function McqSheetUpload({ kind, subTopicId, subTopicTitle, label = 'Excel file (.xlsx)', missingFileMessage }: McqSheetUploadProps) {
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [result, setResult] = useState<McqUploadResult | null>(null)
  // The mutation shows its latest call only, so a file picked while another is checked replaces it.
  const check = usePreviewMcqSheet()
  const send = useUploadMcqSheet()

  function pick(picked: File | null) {
    setFile(picked)
    setMessage(null)
    setResult(null)
    const wrong = picked ? wrongKind(picked, 'xlsx') : null
    setFileError(wrong)
    if (!picked || wrong) check.reset()
    else check.mutate({ kind, file: picked, subTopicId })
  }

  const preview: McqPreviewState | null = check.isPending
    ? { status: 'checking' }
    : check.isError
      ? { status: 'failed', message: messageOf(check.error, 'The spreadsheet could not be checked. Try again.') }
      : check.data
        ? { status: 'ready', summary: check.data }
        : null
  const nothingToUpload = preview?.status === 'ready' && preview.summary.uploaded === 0
  const blocked = !!fileError || (!!file && preview?.status !== 'ready') || nothingToUpload

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      setMessage(missingFileMessage)
      return
    }
    if (blocked) return
    send.mutate(
      { kind, file, subTopicId },
      {
        onSuccess: (answer) => {
          setResult(answer)
          setFile(null)
          check.reset()
        },
        // A failure's toast comes from the mutation's meta; a cancel is no failure.
        onError: () => {
          if (send.wasCancelled()) notify.message('Upload cancelled')
        },
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={kind === 'plain' ? formName('Upload MCQs', subTopicTitle) : 'Upload MCQs with SubTopic ID'}
    >
      <Stack gap="sm">
        <FilePicker
          kind="xlsx"
          label={label}
          value={file}
          onChange={pick}
          error={fileError}
          disabled={send.isPending}
          placeholder="Choose an .xlsx file"
          description="Checked first: you see what will be uploaded and skipped before anything is stored"
        />
        {preview ? <McqPreview state={preview} /> : null}
        <FormMessage>{message}</FormMessage>
        {send.isPending ? (
          <UploadProgress label="MCQ upload progress" value={send.progress} onCancel={send.cancel} />
        ) : (
          <Button
            type="submit"
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!!file && blocked}
            style={{ alignSelf: 'flex-start' }}
          >
            Upload
          </Button>
        )}
        {result ? <McqResult result={result} /> : null}
      </Stack>
    </form>
  )
}
