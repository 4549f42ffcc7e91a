import { Center, Stack, Text, Title } from '@mantine/core'
import { ButtonLink } from './links.tsx'

export function NotFound() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">There is nothing at this address.</Text>
        <ButtonLink to="/">Go to the start page</ButtonLink>
      </Stack>
    </Center>
  )
}
