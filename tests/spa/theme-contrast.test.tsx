import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core'
import { CONTRAST, cssVariablesResolver, theme } from '../../src/lib/theme.ts'
import { contrast, parseColor } from '../support/contrast.ts'

/** The WCAG 2.x contrast ratio of two #rrggbb colours. */
const ratio = (a: string, b: string) => contrast(parseColor(a), parseColor(b))

const merged = mergeMantineTheme(DEFAULT_THEME, theme)
const vars = cssVariablesResolver(merged)
/** '#abc123' or 'var(--mantine-color-red-9)' to a hex colour of the theme. */
function resolve(value: string) {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value)
  if (!match) return value
  return merged.colors[match[1]!]![Number(match[2])]!
}
const shade = (color: string, index: number) => merged.colors[color]![index]!
const AA = 4.5

describe('the theme meets WCAG AA contrast at the source', () => {
  const lightSurfaces = { white: '#ffffff', 'gray 0': shade('gray', 0), 'gray 1': shade('gray', 1), 'indigo 0': shade('indigo', 0) }
  // Body and the surfaces text sits on: cards, inputs, table rows (dark 6).
  const darkSurfaces = { 'dark 7 (body)': shade('dark', 7), 'dark 6': shade('dark', 6) }

  it.each(Object.entries(lightSurfaces))('light: dimmed, placeholder and error text on %s', (_, surface) => {
    for (const name of [
      '--mantine-color-dimmed',
      '--mantine-color-placeholder',
      '--mantine-color-error',
      '--mantine-color-red-text',
    ] as const) {
      expect(ratio(resolve(vars.light[name]!), surface), name).toBeGreaterThanOrEqual(AA)
    }
  })

  it.each(Object.entries(darkSurfaces))('dark: body text, dimmed, placeholder and error text on %s', (_, surface) => {
    expect(ratio(shade('dark', 0), surface)).toBeGreaterThanOrEqual(AA)
    for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-error'] as const) {
      expect(ratio(resolve(vars.dark[name]!), surface), name).toBeGreaterThanOrEqual(AA)
    }
  })

  it('dark: outline badges and buttons on dark 5, the lightest surface they sit on (a badge on /package/$id was 3.77:1)', () => {
    const outlines = (Object.keys(vars.dark) as (keyof typeof vars.dark)[]).filter((name) => name.endsWith('-outline'))
    expect(outlines).toContain('--mantine-color-indigo-outline')
    for (const name of outlines) expect(ratio(resolve(vars.dark[name]!), shade('dark', 5)), name).toBeGreaterThanOrEqual(AA)
  })

  it('white on the filled primary and red buttons, in both schemes', () => {
    const shades = merged.primaryShade as { light: number; dark: number }
    for (const scheme of ['light', 'dark'] as const) {
      expect(ratio('#ffffff', shade('indigo', shades[scheme])), `indigo ${scheme}`).toBeGreaterThanOrEqual(AA)
      expect(ratio('#ffffff', shade('red', shades[scheme])), `red ${scheme}`).toBeGreaterThanOrEqual(AA)
    }
  })

  it('keeps the dimmed greys between the text colour and the surface (the design still reads as dimmed)', () => {
    expect(ratio(CONTRAST.dimmedLight, '#ffffff')).toBeLessThan(ratio('#000000', '#ffffff'))
    expect(ratio(CONTRAST.dimmedDark, shade('dark', 7))).toBeLessThan(ratio(shade('dark', 0), shade('dark', 7)))
  })
})
