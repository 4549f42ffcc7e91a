import { Kbd, Table } from '@mantine/core'
import { Modal } from '../../ui/Modal.tsx'
import { SHORTCUTS } from './shortcuts.ts'
import type { ShortcutsDialogProps } from './ShortcutsDialog.tsx'

/** The '?' dialog: every player shortcut and what it does. */
export default function ShortcutsDialogBody({ opened, onClose }: ShortcutsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.action}>
              <Table.Td>
                {shortcut.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? ' or ' : null}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{shortcut.action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  )
}
