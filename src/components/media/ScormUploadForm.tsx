import { useState, type FormEvent } from 'react'
import { Alert, Button, List, Stack, Text } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import type { ScormPackage } from '../../../contract/content.ts'
import { notify } from '../../lib/toast.ts'
import { useUploadScormPackage } from '../../queries/scorm.ts'
import { FilePicker, wrongKind } from '../ui/FilePicker.tsx'
import { FormMessage } from '../ui/FormMessage.tsx'
import { UploadProgress } from '../ui/UploadProgress.tsx'
import { useWarnOnLeave } from './useWarnOnLeave.ts'
import { formName } from './form-name.ts'

/** A SCORM 1.2 or 2004 package (.zip): after upload, its parsed title, version and SCOs; a refusal's reason in words. */
export function ScormUploadForm({ skillId, subTopicId, subTopicTitle }: { skillId: number; subTopicId: number; subTopicTitle?: string }) {
  const [file, setFile] = useState<File | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [uploaded, setUploaded] = useState<ScormPackage | null>(null)
  const send = useUploadScormPackage(skillId)
  useWarnOnLeave(send.isPending)

  function pick(picked: File | null) {
    setFile(picked)
    setFileError(picked ? wrongKind(picked, 'zip') : null)
    setMessage(null)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      setMessage('Please select a SCORM package (.zip)')
      return
    }
    if (fileError) return
    setMessage(null)
    setUploaded(null)
    send.mutate(
      { subTopicId, file },
      {
        onSuccess: (saved) => {
          setFile(null)
          setUploaded(saved)
        },
        onError: (error) => {
          if (send.wasCancelled()) notify.message('Upload cancelled')
          else setMessage(error.message)
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={formName('Upload a SCORM package', subTopicTitle)}>
      <Stack gap="sm">
        <FilePicker
          kind="zip"
          label="SCORM package"
          value={file}
          onChange={pick}
          error={fileError}
          disabled={send.isPending}
          placeholder="Choose a .zip (SCORM 1.2 or 2004)"
        />
        <FormMessage>{message}</FormMessage>
        {send.isPending ? (
          <UploadProgress label="SCORM upload progress" value={send.progress} onCancel={send.cancel} />
        ) : (
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            Upload SCORM package
          </Button>
        )}
        {uploaded ? (
          <Alert color="teal" title={`${uploaded.title} · SCORM ${uploaded.version}`} role="status">
            <Text size="sm">
              {uploaded.scos.length} {uploaded.scos.length === 1 ? 'SCO' : 'SCOs'}:
            </Text>
            <List size="sm">
              {uploaded.scos.map((sco) => (
                <List.Item key={sco.id}>
                  {sco.title}{' '}
                  <Text span c="dimmed" size="xs">
                    ({sco.href})
                  </Text>
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </form>
  )
}
