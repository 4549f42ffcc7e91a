import { useState, type FormEvent } from 'react'
import { Alert, Button, Card, Group, List, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import type { User } from '../../../contract/auth.ts'
import { messageOf } from '../../api/errors.ts'
import { routeId } from '../../lib/route-schemas.ts'
import { useAssignPackages } from '../../queries/users.ts'
import { AnchorLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { parsePackageIds } from './parse-ids.ts'

interface FieldErrors {
  userId?: string
  packageIds?: string
}

/** `/admin/package-to-user`: assign packages by typing a user id and package ids. */
export function AssignFormPage() {
  const [userId, setUserId] = useState('')
  const [packageIds, setPackageIds] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [assigned, setAssigned] = useState<User | null>(null)
  const assign = useAssignPackages({ successMessage: 'Packages assigned to user', errorMessage: 'Error assigning packages' })
  const parsed = parsePackageIds(packageIds)

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsedId = routeId.safeParse(userId)
    const id = parsedId.success ? parsedId.data : null
    const next: FieldErrors = {}
    if (id === null) next.userId = userId.trim() ? 'User ID must be a whole number above 0' : 'User ID is required'
    if (parsed.length === 0) next.packageIds = 'Enter at least one package ID: whole numbers separated by commas'
    setErrors(next)
    setFailure(null)
    if (id === null || parsed.length === 0) return
    assign.mutate(
      { userId: id, packageIds: parsed },
      {
        onSuccess: (user) => {
          setAssigned(user)
          setPackageIds('')
        },
        onError: (error) => {
          setAssigned(null)
          setFailure(messageOf(error, 'Error assigning packages'))
        },
      },
    )
  }

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title="Assign packages to a user"
        subtitle={
          <>
            Type a user ID and package IDs. To pick from lists instead, use the{' '}
            <AnchorLink to="/admin/package-assigner">package assigner</AnchorLink>.
          </>
        }
      />
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate aria-label="Assign packages">
          <Stack gap="md">
            <TextInput
              label="User ID"
              placeholder="e.g. 12"
              inputMode="numeric"
              autoComplete="off"
              required
              value={userId}
              onChange={(e) => setUserId(e.currentTarget.value)}
              error={errors.userId}
              maw={240}
            />
            <TextInput
              label="Package IDs"
              description={
                parsed.length
                  ? `Will assign package ${parsed.length === 1 ? 'ID' : 'IDs'}: ${parsed.join(', ')}`
                  : 'Comma-separated, e.g. 1, 4, 7. Entries that are not whole numbers are ignored.'
              }
              placeholder="1, 4, 7"
              autoComplete="off"
              required
              value={packageIds}
              onChange={(e) => setPackageIds(e.currentTarget.value)}
              error={errors.packageIds}
            />
            <Group>
              <Button type="submit" loading={assign.isPending}>
                Assign
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {failure ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error assigning packages" role="alert">
          {failure}
        </Alert>
      ) : null}
      {assigned ? (
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} />}
          title={`${assigned.name} now has ${assigned.packages.length} ${assigned.packages.length === 1 ? 'package' : 'packages'}`}
        >
          <Stack gap={6}>
            <List size="sm" spacing={2}>
              {assigned.packages.map((p) => (
                <List.Item key={p.id}>
                  #{p.id} {p.title}
                </List.Item>
              ))}
            </List>
            <Text size="sm">
              <AnchorLink to="/user/detail" search={{ id: assigned.id }}>
                Open {assigned.name}
              </AnchorLink>
            </Text>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  )
}
