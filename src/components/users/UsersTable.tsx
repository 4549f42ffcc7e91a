import { Table } from '@mantine/core'
import type { User } from '../../../contract/auth.ts'
import { AnchorLink } from '../ui/links.tsx'
import { Blank, ScrollTable, SkeletonRows } from '../ui/ScrollTable.tsx'
import { RoleBadge } from './RoleBadge.tsx'
import { Avatar } from '../ui/Avatar.tsx'

const COLUMNS = ['ID', 'Picture', 'Name', 'Email', 'Role', 'Given Name', 'Family Name'] as const

/** The admin users table (ID, Picture, Name, Email, Role, Given Name, Family Name); skeleton rows without `users`. */
export function UsersTable({ users, skeletonRows = 0 }: { users?: User[]; skeletonRows?: number }) {
  return (
    <ScrollTable label="Users" minWidth={820} columns={COLUMNS}>
      <Table.Tbody>
        {users ? (
          users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.id}</Table.Td>
              <Table.Td>
                <Avatar user={user} alt={`${user.name}'s picture`} />
              </Table.Td>
              <Table.Td>
                <AnchorLink to="/user/detail" search={{ id: user.id }} fw={500} display="inline-block" miw="9rem">
                  {user.name}
                </AnchorLink>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.email}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>{user.givenName || <Blank />}</Table.Td>
              <Table.Td>{user.familyName || <Blank />}</Table.Td>
            </Table.Tr>
          ))
        ) : (
          <SkeletonRows rows={skeletonRows} columns={COLUMNS.length} />
        )}
      </Table.Tbody>
    </ScrollTable>
  )
}
