import { useState, type FormEvent } from 'react'
import { Button, Stack } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import type { UserImportResult } from '../../../contract/user-import.ts'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { useImportUsers, usePreviewUserImport } from '../../queries/user-import.ts'
import { FilePicker, wrongKind } from '../ui/FilePicker.tsx'
import { FormMessage } from '../ui/FormMessage.tsx'
import { UploadProgress } from '../ui/UploadProgress.tsx'
import { UserImportOutcome, UserImportPreview, changesSomething, type UserImportPreviewState } from './UserImportSummary.tsx'

/**
 * Pick a file → the server's dry run previews it (counts and every row it would skip; nothing stored, nobody
 * mailed) → Import → the server's result. The browser never parses the file.
 */
export function UserImportForm() {
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [result, setResult] = useState<UserImportResult | null>(null)
  // The mutation shows its latest call only, so a file picked while another is checked replaces it.
  const check = usePreviewUserImport()
  const send = useImportUsers()

  function pick(picked: File | null) {
    setFile(picked)
    setMessage(null)
    setResult(null)
    const wrong = picked ? wrongKind(picked, 'sheet') : null
    setFileError(wrong)
    if (!picked || wrong) check.reset()
    else check.mutate(picked)
  }

  const preview: UserImportPreviewState | null = check.isPending
    ? { status: 'checking' }
    : check.isError
      ? { status: 'failed', message: messageOf(check.error, 'The file could not be checked. Try again.') }
      : check.data
        ? { status: 'ready', summary: check.data }
        : null
  const blocked =
    !!fileError || (!!file && preview?.status !== 'ready') || (preview?.status === 'ready' && !changesSomething(preview.summary))

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      setMessage('Choose a file to import')
      return
    }
    if (blocked) return
    send.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer)
        setFile(null)
        check.reset()
      },
      // A failure's toast comes from the mutation's meta; a cancel is no failure.
      onError: () => {
        if (send.wasCancelled()) notify.message('Import cancelled')
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Import users">
      <Stack gap="sm">
        <FilePicker
          kind="sheet"
          label="Spreadsheet (.xlsx or .csv)"
          value={file}
          onChange={pick}
          error={fileError}
          disabled={send.isPending}
          placeholder="Choose an .xlsx or .csv file"
          description="Checked first: you see who will be created, updated and invited, and which rows will be skipped, before anything is stored"
        />
        {preview ? <UserImportPreview state={preview} /> : null}
        <FormMessage>{message}</FormMessage>
        {send.isPending ? (
          <UploadProgress label="User import progress" value={send.progress} onCancel={send.cancel} />
        ) : (
          <Button
            type="submit"
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!!file && blocked}
            style={{ alignSelf: 'flex-start' }}
          >
            Import
          </Button>
        )}
        {result ? <UserImportOutcome result={result} /> : null}
      </Stack>
    </form>
  )
}
