import { useEffect, useState } from 'react'
import { Button, Group, Paper, Select, Text, Title } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import type { ScormPackage } from '../../../../contract/content.ts'
import { useLaunchSco, useRefreshPackageProgress } from '../../../queries/scorm.ts'
import classes from './Viewer.module.css'

/**
 * A SCORM package open in the viewer: a large frame showing the launcher page on the content origin (never this
 * origin: the package's scripts cannot reach the learner's session), the SCO list of a multi-SCO package, and Exit.
 * The launcher tells this frame (by postMessage, from the content origin only) when a commit changed progress.
 */
export function ScormFrame({ pkg, packageId, onExit }: { pkg: ScormPackage; packageId: number; onExit: () => void }) {
  const [scoId, setScoId] = useState(pkg.scos[0]?.id ?? null)
  const launch = useLaunchSco()
  const refresh = useRefreshPackageProgress(packageId)
  const url = launch.data?.url ?? null
  const { mutate } = launch

  useEffect(() => {
    if (scoId !== null) mutate({ packageId: pkg.id, scoId })
  }, [mutate, pkg.id, scoId])

  useEffect(() => {
    if (!url) return
    const contentOrigin = new URL(url).origin
    const listener = (event: MessageEvent) => {
      if (event.origin !== contentOrigin) return
      if ((event.data as { type?: unknown } | null)?.type === 'learnpack:scorm-commit') void refresh()
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [url, refresh])

  const sco = pkg.scos.find((s) => s.id === scoId)
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} component="section" aria-labelledby={`scorm-${pkg.id}-title`}>
      <Group gap="sm" justify="space-between" wrap="wrap" className={classes.bar}>
        <Title order={2} size="h5" id={`scorm-${pkg.id}-title`} style={{ overflowWrap: 'anywhere' }}>
          {pkg.title}
        </Title>
        <Group gap="xs" wrap="wrap">
          {pkg.scos.length > 1 ? (
            <Select
              size="xs"
              label="Part"
              data={pkg.scos.map((s) => ({ value: String(s.id), label: s.title }))}
              value={scoId === null ? null : String(scoId)}
              onChange={(value) => value && setScoId(Number(value))}
              allowDeselect={false}
              w={200}
            />
          ) : null}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => {
              void refresh()
              onExit()
            }}
          >
            Exit
          </Button>
        </Group>
      </Group>
      {url ? (
        <iframe
          key={url}
          src={url}
          title={sco ? `${pkg.title}: ${sco.title}` : pkg.title}
          className={classes.scormFrame}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads"
          allow="fullscreen; autoplay"
        />
      ) : (
        <Text p="md" c="dimmed" role="status">
          {launch.isError ? 'The package could not be opened.' : 'Opening the package…'}
        </Text>
      )}
    </Paper>
  )
}
