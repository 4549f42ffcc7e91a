import { Skeleton, Stack } from '@mantine/core'

/**
 * A page's place while its code or data is on the way and it has no skeleton of its own (or that skeleton's code is
 * still loading too). It sits in the shell's main area, so the sidebar and top bar stay on screen.
 */
export function PagePending() {
  return (
    <Stack gap="md" maw={960} role="status" aria-label="Loading page" aria-busy="true">
      <Skeleton height={32} width="40%" />
      <Skeleton height={14} width="70%" />
      <Skeleton height={14} width="55%" />
      <Skeleton height={160} radius="md" />
    </Stack>
  )
}
