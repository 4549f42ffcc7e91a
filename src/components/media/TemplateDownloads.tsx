import { useState } from 'react'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import type { SheetKind } from '../../../contract/mcq-import.ts'
import { saveBlob } from '../../lib/save-file.ts'
import { TEMPLATE_DOWNLOAD, useDownloadTemplate } from '../../queries/mcqs.ts'
import classes from './media.module.css'

const FAILURE: Record<SheetKind, string> = {
  plain: 'Failed to download template.',
  withSubTopic: 'Failed to download subtopic template.',
}

/** The two .xlsx templates; a failed download shows its alert until dismissed or retried. */
export function TemplateDownloads() {
  const [failed, setFailed] = useState<SheetKind | null>(null)
  const plain = useDownloadTemplate()
  const withSubTopic = useDownloadTemplate()

  function get(kind: SheetKind) {
    setFailed(null)
    ;(kind === 'plain' ? plain : withSubTopic).mutate(kind, {
      onSuccess: (blob) => saveBlob(blob, TEMPLATE_DOWNLOAD[kind].fileName),
      onError: () => setFailed(kind),
    })
  }

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Fill a template and upload it: the plain one under a sub-topic below, the one with a SubTopic ID column here.
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          size="sm"
          classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => get('plain')}
          loading={plain.isPending}
        >
          Download Template
        </Button>
        <Button
          variant="default"
          size="sm"
          classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => get('withSubTopic')}
          loading={withSubTopic.isPending}
        >
          Download Template with SubTopic ID
        </Button>
      </Group>
      {failed ? (
        <Alert color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailed(null)}>
          {FAILURE[failed]}
        </Alert>
      ) : null}
    </Stack>
  )
}
