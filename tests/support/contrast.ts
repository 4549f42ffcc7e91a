/** WCAG 2.x contrast of CSS colours, with translucent layers composited over what is beneath them. */

export type Rgba = readonly [number, number, number, number]

/** '#rgb', '#rrggbb', 'rgb(…)', 'rgba(…)' or 'transparent'. */
export function parseColor(value: string): Rgba {
  const text = value.trim()
  if (text === 'transparent') return [0, 0, 0, 0]
  if (text.startsWith('#')) {
    const hex = text.length === 4 ? [...text.slice(1)].map((c) => c + c).join('') : text.slice(1)
    return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).concat(1) as unknown as Rgba
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(text)
  if (fn) {
    const [r, g, b, a = 1] = fn[1]!.split(',').map(Number)
    return [r!, g!, b!, a]
  }
  throw new Error(`Not a colour: ${value}`)
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3]
  const mix = (i: 0 | 1 | 2) => top[i] * a + bottom[i] * (1 - a)
  return [mix(0), mix(1), mix(2), 1]
}

function luminance([r, g, b]: Rgba) {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

export function contrast(a: Rgba, b: Rgba) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** Follows `var(--name)` through a table of custom properties to a colour. */
export function resolveColor(value: string, properties: Record<string, string>): Rgba {
  const reference = /^var\((--[\w-]+)\)$/.exec(value.trim())
  if (!reference) return parseColor(value)
  const next = properties[reference[1]!]
  if (next === undefined) throw new Error(`${reference[1]} is not defined`)
  return resolveColor(next, properties)
}
