import { useRef, useState, type FormEvent } from 'react'
import { Button, Stack } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import type { McqUploadResult } from '../../../contract/media.ts'
import type { SheetKind } from '../../../contract/mcq-import.ts'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useUploadMcqSheet } from '../../queries/mcqs.ts'
import { FilePicker, wrongKind } from './FilePicker.tsx'
import { FormMessage } from './FormMessage.tsx'
import { McqPreview, McqResult } from './McqPreview.tsx'
import { SheetReadError, previewSheet, type SheetPreview } from './sheet-preview.ts'
import { UploadProgress } from './UploadProgress.tsx'

type PreviewState = { status: 'reading' } | { status: 'failed'; message: string } | { status: 'ready'; preview: SheetPreview }

interface McqSheetUploadProps {
  kind: SheetKind
  /** The sub-topic of a plain sheet. */
  subTopicId?: number
  label?: string
  /** Shown when Upload is pressed with no file. */
  missingFileMessage: string
}

/**
 * An MCQ spreadsheet import: the chosen .xlsx is read in the browser and previewed with the server's own
 * rules (rows, and each row that will be skipped with its reason); Upload confirms; the server's result follows.
 */
export function McqSheetUpload({ kind, subTopicId, label = 'Excel file (.xlsx)', missingFileMessage }: McqSheetUploadProps) {
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [preview, setPreview] = useState<PreviewState | null>(null)
  const [result, setResult] = useState<McqUploadResult | null>(null)
  const reading = useRef(0)
  const send = useUploadMcqSheet()

  function pick(picked: File | null) {
    const turn = ++reading.current
    setFile(picked)
    setMessage(null)
    setResult(null)
    const wrong = picked ? wrongKind(picked, 'xlsx') : null
    setFileError(wrong)
    if (!picked || wrong) {
      setPreview(null)
      return
    }
    setPreview({ status: 'reading' })
    previewSheet(picked, kind, subTopicId).then(
      (ready) => turn === reading.current && setPreview({ status: 'ready', preview: ready }),
      (error: unknown) =>
        turn === reading.current &&
        setPreview({ status: 'failed', message: error instanceof SheetReadError ? error.message : 'The spreadsheet could not be read in the browser.' }),
    )
  }

  const blocked =
    !!fileError ||
    preview?.status === 'reading' ||
    preview?.status === 'failed' ||
    (preview?.status === 'ready' && (!!preview.preview.headerError || !!preview.preview.tooManyRows))

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      setMessage(missingFileMessage)
      return
    }
    if (blocked) return
    const touches = preview?.status === 'ready' ? preview.preview.subTopicIds : undefined
    send.mutate(
      { kind, file, subTopicId, touches },
      {
        onSuccess: (answer) => {
          notify.success('MCQs uploaded successfully', { description: `${answer.uploaded} uploaded, ${answer.skipped} skipped` })
          reading.current++
          setResult(answer)
          setFile(null)
          setPreview(null)
        },
        onError: (error) => {
          if (send.wasCancelled()) notify.message('Upload cancelled')
          else notify.error('MCQ upload failed', { description: messageOf(error, 'The upload did not complete. Try again.') })
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={kind === 'plain' ? 'Upload MCQs' : 'Upload MCQs with SubTopic ID'}>
      <Stack gap="sm">
        <FilePicker
          kind="xlsx"
          label={label}
          value={file}
          onChange={pick}
          error={fileError}
          disabled={send.isPending}
          placeholder="Choose an .xlsx file"
          description="Read here first: you see what will be uploaded and skipped before anything is sent"
        />
        {preview ? <McqPreview state={preview} /> : null}
        <FormMessage>{message}</FormMessage>
        {send.isPending ? (
          <UploadProgress label="MCQ upload progress" value={send.progress} onCancel={send.cancel} />
        ) : (
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={!!file && blocked} style={{ alignSelf: 'flex-start' }}>
            Upload
          </Button>
        )}
        {result ? <McqResult result={result} /> : null}
      </Stack>
    </form>
  )
}
