import { leanMantine, withoutDisplayNames } from './lean-mantine.ts'

const core = '/app/node_modules/@mantine/core/esm/components'
const plugin = leanMantine()
const resolve = (source: string, importer: string) =>
  (plugin.resolveId as unknown as (source: string, importer: string) => string | null)(source, importer)
const load = (id: string) => (plugin.load as unknown as (id: string) => string | null)(id)

describe('lean Mantine', () => {
  it("gives Table's ScrollContainer a ScrollArea that refuses, and leaves every other import of ScrollArea alone", () => {
    const standIn = resolve('../ScrollArea/ScrollArea.mjs', `${core}/Table/TableScrollContainer.mjs`)
    expect(standIn).toMatch(/^\0lean-mantine:/)
    expect(load(standIn!)).toContain('type="native"')
    expect(resolve('../ScrollArea/ScrollArea.mjs', `${core}/Combobox/ComboboxOptions/ComboboxOptions.mjs`)).toBeNull()
  })

  it("gives ScrollArea @mantine/hooks' ref merging instead of floating-ui", () => {
    const standIn = resolve('@floating-ui/react', `${core}/ScrollArea/ScrollArea.mjs`)
    expect(load(standIn!)).toContain('useMergedRef')
    expect(resolve('@floating-ui/react', `${core}/Popover/Popover.mjs`)).toBeNull()
  })

  it("gives @mantine/hooks React's own id, with no second render to swap in a random one", () => {
    const standIn = resolve('./use-id/use-id.mjs', '/app/node_modules/@mantine/hooks/esm/index.mjs')
    expect(load(standIn!)).toContain("from 'react'")
    expect(load(standIn!)).not.toContain('useState')
    expect(resolve('./use-id/use-id.mjs', `${core}/NavLink/NavLink.mjs`)).toBeNull()
  })

  it("gives Button and ActionIcon a Transition that shows their loader while loading, without Mantine's fade", () => {
    for (const component of ['Button/Button', 'ActionIcon/ActionIcon']) {
      const standIn = resolve('../Transition/Transition.mjs', `${core}/${component}.mjs`)
      expect(load(standIn!)).toContain('mounted ? children({}) : null')
    }
    expect(resolve('../Transition/Transition.mjs', `${core}/ModalBase/ModalBaseContent.mjs`)).toBeNull()
    expect(resolve('../Transition/Transition.mjs', `${core}/Tooltip/Tooltip.mjs`)).toBeNull()
  })

  it("takes Mantine's display names out of its component modules in a build, line for line, and nothing else", () => {
    const strip = withoutDisplayNames()
    expect(strip.apply).toBe('build')
    const { filter, handler } = strip.transform as unknown as {
      filter: { id: RegExp }
      handler: (code: string) => { code: string } | null
    }
    expect(filter.id.test(`${core}/Button/Button.mjs`)).toBe(true)
    expect(filter.id.test('/app/src/components/ui/NavItem.tsx')).toBe(false)
    const module = [
      'const Button = polymorphicFactory(render);',
      'Button.classes = classes;',
      'Button.displayName = "@mantine/core/Button";',
      'Button.Group = ButtonGroup;',
    ].join('\n')
    const lines = handler(module)!.code.split('\n')
    expect(lines).toEqual(['const Button = polymorphicFactory(render);', 'Button.classes = classes;', '', 'Button.Group = ButtonGroup;'])
    expect(handler('const x = 1;')).toBeNull()
  })
})
