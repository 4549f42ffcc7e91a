import { Button, Group, Progress, Text } from '@mantine/core'

/**
 * Takes the place of the submit button while a file is sent (same height: nothing below moves):
 * a real progress bar fed by XHR upload events, the percentage, and Cancel.
 */
export function UploadProgress({ label, value, onCancel }: { label: string; value: number; onCancel: () => void }) {
  return (
    <Group gap="sm" wrap="nowrap" mih={36}>
      <Progress value={value} size="lg" radius="xl" aria-label={label} style={{ flex: 1 }} striped={value < 100} animated={value < 100} />
      <Text size="sm" fw={600} w={44} ta="right" aria-hidden style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}%
      </Text>
      {/* At 100% every byte is sent: only the server's answer and the list refresh remain, nothing to cancel. */}
      <Button variant="default" size="sm" onClick={onCancel} disabled={value >= 100}>
        Cancel
      </Button>
    </Group>
  )
}
