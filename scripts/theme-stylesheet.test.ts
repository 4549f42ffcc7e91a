import { themeStylesheetPlugin } from './theme-stylesheet.ts'

const provider = '/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs'
const plugin = themeStylesheetPlugin()
;(plugin.configResolved as unknown as (config: { root: string }) => void)({ root: process.cwd() })
const resolve = (source: string, importer?: string) =>
  (plugin.resolveId as unknown as (source: string, importer?: string) => string | null)(source, importer)
const load = (id: string) => (plugin.load as unknown as (id: string) => Promise<string | null>)(id)

describe('theme stylesheet plugin', () => {
  it("gives MantineProvider components that render nothing, the variables' one bringing the stylesheet", async () => {
    const variables = resolve('./MantineCssVariables/MantineCssVariables.mjs', provider)
    const classes = resolve('./MantineClasses/MantineClasses.mjs', provider)
    const code = await load(variables!)
    expect(code).toContain(`import ${JSON.stringify('\0theme-stylesheet.css')}`)
    expect(code).toContain('export function MantineCssVariables() { return null }')
    expect(await load(classes!)).toBe('export function MantineClasses() { return null }\n')
    expect(resolve('./MantineCssVariables/MantineCssVariables.mjs', '/app/node_modules/@mantine/core/esm/index.mjs')).toBeNull()
  })

  it("makes the stylesheet from the app's theme: its variables for each scheme, then the breakpoint classes", async () => {
    const css = await load(resolve('\0theme-stylesheet.css')!)
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)')
    expect(css).toContain(':root[data-mantine-color-scheme="dark"]')
    expect(css).toContain('--mantine-color-dimmed: #60676e')
    expect(css).toMatch(/\.mantine-hidden-from-xl \{display: none !important;\}\}\n$/)
  })
})
