import { useState, type FormEvent } from 'react'
import { Button, Stack, TextInput } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { notify } from '../../lib/toast.ts'
import { useUploadStudyMaterial } from '../../queries/study-materials.ts'
import { FilePicker, wrongKind } from '../ui/FilePicker.tsx'
import { FormMessage } from '../ui/FormMessage.tsx'
import { UploadProgress } from '../ui/UploadProgress.tsx'
import { useWarnOnLeave } from './useWarnOnLeave.ts'
import { formName } from './form-name.ts'

const nameFromFile = (file: File) =>
  file.name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()

/** A PDF study material with its name; the same name again becomes a new version. */
export function PdfUploadForm({ skillId, subTopicId, subTopicTitle }: { skillId: number; subTopicId: number; subTopicTitle?: string }) {
  const [pdf, setPdf] = useState<File | null>(null)
  const [name, setName] = useState('')
  const [nameEdited, setNameEdited] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const send = useUploadStudyMaterial(skillId)
  useWarnOnLeave(send.isPending)

  function pick(file: File | null) {
    setPdf(file)
    setFileError(file ? wrongKind(file, 'pdf') : null)
    setMessage(null)
    // The name follows the chosen PDF until the admin edits it.
    if (file && !nameEdited && !wrongKind(file, 'pdf')) setName(nameFromFile(file))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!pdf) {
      setMessage('Please select a PDF file')
      return
    }
    if (!name.trim()) {
      setMessage('Please enter a name')
      return
    }
    if (fileError) return
    setMessage(null)
    send.mutate(
      { subTopicId, name, pdf },
      {
        onSuccess: () => {
          setPdf(null)
          setName('')
          setNameEdited(false)
        },
        // A failure's toast comes from the mutation's meta; a cancel is no failure.
        onError: () => {
          if (send.wasCancelled()) notify.message('Upload cancelled')
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={formName('Upload a PDF', subTopicTitle)}>
      <Stack gap="sm">
        <FilePicker
          kind="pdf"
          label="PDF file"
          value={pdf}
          onChange={pick}
          error={fileError}
          disabled={send.isPending}
          placeholder="Choose a PDF"
        />
        <TextInput
          label="Name"
          description="The same name again adds a new version"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value)
            setNameEdited(true)
            setMessage(null)
          }}
          maxLength={200}
          disabled={send.isPending}
        />
        <FormMessage>{message}</FormMessage>
        {send.isPending ? (
          <UploadProgress label="PDF upload progress" value={send.progress} onCancel={send.cancel} />
        ) : (
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            Upload PDF
          </Button>
        )}
      </Stack>
    </form>
  )
}
