import { useState } from 'react'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { USER_IMPORT_TEMPLATE_FILE } from '../../../contract/user-import.ts'
import { saveBlob } from '../../lib/save-file.ts'
import { useDownloadUserImportTemplate } from '../../queries/user-import.ts'

/** The template, with what its columns take; a failed download shows its alert until dismissed or retried. */
export function UserImportTemplate() {
  const [failed, setFailed] = useState(false)
  const template = useDownloadUserImportTemplate()

  function get() {
    setFailed(false)
    template.mutate(undefined, {
      onSuccess: (blob) => saveBlob(blob, USER_IMPORT_TEMPLATE_FILE),
      onError: () => setFailed(true),
    })
  }

  return (
    <Stack gap="xs">
      <Text size="sm">
        The first row names the columns Email, Name, Role, Groups and Packages. Role is Learner or Admin; Groups and Packages take several
        names, comma-separated (packages by title or id). A group that does not exist yet is created.
      </Text>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={get}
        loading={template.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        Download template
      </Button>
      {failed ? (
        <Alert color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailed(false)}>
          Failed to download the template.
        </Alert>
      ) : null}
    </Stack>
  )
}
