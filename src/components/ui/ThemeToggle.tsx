import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'

/** Light/dark switch: a sun in dark mode, a moon in light mode. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  const scheme = useComputedColorScheme('light')
  const dark = scheme === 'dark'
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle Theme"
      title="Toggle Theme"
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <IconSun size={18} data-icon="sun" /> : <IconMoon size={18} data-icon="moon" />}
    </ActionIcon>
  )
}
