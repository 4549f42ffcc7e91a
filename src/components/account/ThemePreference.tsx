import { SegmentedControl, Stack, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core'

/** Light or dark, bound to Mantine's colour scheme: the same choice (saved under `theme`) as the top-bar toggle. */
export function ThemePreference() {
  const { setColorScheme } = useMantineColorScheme()
  const scheme = useComputedColorScheme('light')
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm" id="theme-label">
        Theme
      </Text>
      <SegmentedControl
        aria-labelledby="theme-label"
        value={scheme}
        onChange={(value) => setColorScheme(value === 'dark' ? 'dark' : 'light')}
        data={[
          { label: 'Light', value: 'light' },
          { label: 'Dark', value: 'dark' },
        ]}
        w={{ base: '100%', xs: 240 }}
      />
      <Text size="xs" c="dimmed">
        Saved on this device.
      </Text>
    </Stack>
  )
}
