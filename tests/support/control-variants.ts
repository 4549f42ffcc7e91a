import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type ESTree, parseSync, Visitor } from 'vite'

/** What a pointer can hover and Mantine colours by variant: its buttons and the app's links drawn as buttons. */
const CONTROLS = new Set(['Button', 'ActionIcon', 'ButtonLink', 'TestLink'])
/** Coloured by variant too, and a control when rendered as a <button>. */
const AS_BUTTON = new Set(['Badge'])

export interface ControlVariant {
  tag: string
  /** Mantine's variant; 'filled' when the element leaves it to the default. */
  variant: string
  /** A theme colour; undefined for the primary colour. */
  color: string | undefined
  where: string
}

/** Every string literal, and `undefined` for the identifier of that name, anywhere in an expression. */
function literalsIn(node: unknown, found: (string | undefined)[]) {
  if (!node || typeof node !== 'object') return
  const { type, value, name } = node as { type?: string; value?: unknown; name?: unknown }
  if (type === 'Literal' && typeof value === 'string') found.push(value)
  if (type === 'Identifier' && name === 'undefined') found.push(undefined)
  for (const [key, child] of Object.entries(node)) if (key !== 'parent') literalsIn(child, found)
}

/** The values a JSX attribute can take: its string, or every string (and `undefined`) its expression can yield. */
function attributeValues(attribute: ESTree.JSXAttribute, source: string, where: string): (string | undefined)[] {
  const { value } = attribute
  if (!value) return [undefined]
  if (value.type === 'Literal') return [value.value]
  const found: (string | undefined)[] = []
  literalsIn(value, found)
  if (found.length === 0) throw new Error(`${where}: ${source.slice(value.start, value.end)} is not a literal this check can read`)
  return found
}

/** Every variant and colour a hoverable control is given in the .tsx files under `dir`. */
export function controlVariants(dir: string): ControlVariant[] {
  const found: ControlVariant[] = []
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.tsx')) continue
    const file = path.join(entry.parentPath, entry.name)
    const source = readFileSync(file, 'utf8')
    new Visitor({
      JSXOpeningElement(element) {
        const attributes = new Map<string, ESTree.JSXAttribute>()
        for (const attribute of element.attributes) {
          if (attribute.type === 'JSXAttribute' && attribute.name.type === 'JSXIdentifier') attributes.set(attribute.name.name, attribute)
        }
        const tag = source.slice(element.name.start, element.name.end)
        const component = attributes.get('component')?.value
        const asButton = AS_BUTTON.has(tag) && component?.type === 'Literal' && component.value === 'button'
        if (!CONTROLS.has(tag) && !asButton) return
        const where = `${path.relative(process.cwd(), file)}:${source.slice(0, element.start).split('\n').length}`
        const valuesOf = (name: string) => {
          const attribute = attributes.get(name)
          return attribute ? attributeValues(attribute, source, where) : [undefined]
        }
        for (const variant of valuesOf('variant')) {
          for (const color of valuesOf('color')) found.push({ tag, variant: variant ?? 'filled', color, where })
        }
      },
    }).visit(parseSync(file, source, { lang: 'tsx' }).program)
  }
  return found
}
