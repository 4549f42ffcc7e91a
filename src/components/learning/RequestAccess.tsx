import { useEffect, useRef } from 'react'
import { Badge, Button } from '@mantine/core'
import { IconLockOpen } from '@tabler/icons-react'
import { useRequestAccess } from '../../queries/access-requests.ts'

/**
 * 'Request access' on a catalogue package the learner does not have; once asked, 'Access requested' (focus moves
 * there from the button it replaces, so keyboard users keep their place).
 */
export function RequestAccess({ packageId, title, requested }: { packageId: number; title: string; requested: boolean }) {
  const request = useRequestAccess()
  const badge = useRef<HTMLDivElement>(null)
  const justRequested = request.isSuccess && requested
  useEffect(() => {
    if (justRequested) badge.current?.focus()
  }, [justRequested])

  if (requested)
    return (
      <Badge ref={badge} tabIndex={-1} variant="light" color="yellow" style={{ textTransform: 'none', alignSelf: 'center' }}>
        Access requested
      </Badge>
    )
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconLockOpen size={16} />}
      loading={request.isPending}
      onClick={() => request.mutate(packageId)}
      aria-label={`Request access to ${title}`}
    >
      Request access
    </Button>
  )
}
