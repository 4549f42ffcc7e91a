import type { ReactNode } from 'react'
import { Button, Group, Stack, Text } from '@mantine/core'
import { Modal } from './Modal.tsx'

interface ConfirmDialogProps {
  opened: boolean
  title: string
  /** The question, e.g. 'Are you sure you want to delete this package?' */
  message: ReactNode
  /** What else happens, e.g. what a delete takes with it. */
  detail?: ReactNode
  confirmLabel?: string
  danger?: boolean
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A modal yes/no question; Escape or Cancel closes it. */
export function ConfirmDialog({
  opened,
  title,
  message,
  detail,
  confirmLabel = 'Confirm',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
