import { DEFAULT_THEME, defaultCssVariablesResolver, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core'
import { contrast, over, parseColor, resolveColor } from '../support/contrast.ts'
import { controlVariants } from '../support/control-variants.ts'
import { cssVariablesResolver, theme } from '../../src/lib/theme.ts'

/**
 * Every variant and colour the app gives a button (found in src/), at rest and hovered, in both schemes, on each surface
 * a button sits on: its text is 4.5:1 or more on its background (WCAG 1.4.3). The colours are Mantine's variant
 * resolver applied to the app's theme and CSS variables, as MantineProvider writes them.
 */
const merged = mergeMantineTheme(DEFAULT_THEME, theme)
const defaults = defaultCssVariablesResolver(merged)
const ours = cssVariablesResolver(merged)
const properties = {
  light: { ...defaults.variables, ...defaults.light, ...ours.variables, ...ours.light },
  dark: { ...defaults.variables, ...defaults.dark, ...ours.variables, ...ours.dark },
}
const shade = (color: string, index: number) => merged.colors[color]![index]!
const SURFACES = {
  light: {
    white: '#ffffff',
    'gray 0': shade('gray', 0),
    'gray 1': shade('gray', 1),
    'indigo 0': shade('indigo', 0),
    'a selected row': 'var(--mantine-primary-color-light)',
  },
  dark: {
    'dark 7 (body)': shade('dark', 7),
    'dark 6': shade('dark', 6),
    'dark 5': shade('dark', 5),
    'a selected row': 'var(--mantine-primary-color-light)',
  },
}
/** Mantine colours a badge by variant but gives it no hover style. */
const NO_HOVER = new Set(['Badge'])
const AA = 4.5

const used = controlVariants('src')
const pairs = [...new Map(used.map((c) => [`${c.tag} ${c.variant} ${c.color ?? 'primary'}`, c])).entries()]

describe('buttons meet WCAG AA contrast at rest and hovered, in both schemes', () => {
  it('finds the variants and colours the app gives its buttons', () => {
    const names = pairs.map(([name]) => name)
    expect(names).toEqual(
      expect.arrayContaining(['Button light red', 'Button subtle red', 'Button light primary', 'Button default primary']),
    )
  })

  it.each(pairs)('%s', (_, { tag, variant, color }) => {
    const colors = defaultVariantColorsResolver({ color: color ?? merged.primaryColor, theme: merged, variant, autoContrast: false })
    const failures: string[] = []
    for (const scheme of ['light', 'dark'] as const) {
      const resolve = (value: string) => resolveColor(value, properties[scheme])
      for (const [surfaceName, surface] of Object.entries(SURFACES[scheme])) {
        const beneath = over(resolve(surface), parseColor('#ffffff'))
        const states = { 'at rest': colors.background!, hovered: NO_HOVER.has(tag) ? colors.background! : colors.hover! }
        for (const [state, background] of Object.entries(states)) {
          const fill = over(resolve(background), beneath)
          const ratio = contrast(over(resolve(colors.color!), fill), fill)
          if (ratio < AA) failures.push(`${scheme}, ${state} on ${surfaceName}: ${ratio.toFixed(2)}:1 (${colors.color} on ${background})`)
        }
      }
    }
    expect(failures).toEqual([])
  })
})
