import { Button, Center, Code, Stack, Text, Title } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'

/** The default error page ('Unexpected Application Error', docs/product.md#screens). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={560}>
        <Title order={1} size="h2">
          Unexpected Application Error
        </Title>
        <Text c="dimmed" ta="center">
          Something went wrong while showing this page.
        </Text>
        {error instanceof Error && error.message ? <Code block>{error.message}</Code> : null}
        <Button onClick={reset}>Try again</Button>
      </Stack>
    </Center>
  )
}
