import type { FormEvent } from 'react'
import { Avatar, Badge, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import type { User } from '../../../contract/auth.ts'
import { profileInput } from '../../../contract/users.ts'
import { ApiError } from '../../api/errors.ts'
import { initials } from '../../lib/initials.ts'
import { checkWith } from '../../lib/schema-errors.ts'
import { useUpdateProfile } from '../../queries/account.ts'
import { AnchorLink } from '../ui/links.tsx'
import { SubmitButton } from './FormParts.tsx'
import { useFormFields } from './useFormFields.ts'

type Field = 'name' | 'givenName' | 'familyName' | 'pictureUrl'
type Values = Record<Field, string>

const valuesOf = (user: User): Values => ({
  name: user.name,
  givenName: user.givenName ?? '',
  familyName: user.familyName ?? '',
  pictureUrl: user.pictureUrl ?? '',
})

/** Name, given name, family name and picture URL of the signed-in user; the e-mail is shown, not edited. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile()
  const { values, setValues, setErrors, field } = useFormFields<Field>(valuesOf(user))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkWith(profileInput, values)
    setErrors(checked.errors ?? {})
    if (!checked.input) return
    update.mutate(checked.input, {
      onSuccess: (saved) => setValues(valuesOf(saved)),
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.details).length) setErrors(err.details as Partial<Record<Field, string>>)
      },
    })
  }

  const picture = profileInput.shape.pictureUrl.safeParse(values.pictureUrl)
  const preview = (picture.success && picture.data) || undefined
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(user))

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit profile">
      <Stack gap="md">
        <Group wrap="nowrap" align="center">
          <Avatar src={preview} alt={values.name || user.name} size={64} radius="xl" color="indigo">
            {initials(values.name || user.name)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Group gap="xs">
              {user.emailVerified ? (
                <Badge color="teal" variant="light">
                  E-mail verified
                </Badge>
              ) : (
                <>
                  <Badge color="orange" variant="light">
                    E-mail not verified
                  </Badge>
                  <AnchorLink size="sm" to="/user/resend-verification" search={{ email: user.email }}>
                    Resend Verification
                  </AnchorLink>
                </>
              )}
            </Group>
          </Stack>
        </Group>
        <TextInput label="Name" autoComplete="name" required {...field('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Given name" autoComplete="given-name" {...field('givenName')} />
          <TextInput label="Family name" autoComplete="family-name" {...field('familyName')} />
        </SimpleGrid>
        <TextInput
          label="Picture URL"
          type="url"
          inputMode="url"
          placeholder="https://…"
          description="An http(s) address of an image; leave empty to show your initials."
          {...field('pictureUrl')}
        />
        <SubmitButton pending={update.isPending} disabled={!dirty}>
          Save profile
        </SubmitButton>
      </Stack>
    </form>
  )
}
