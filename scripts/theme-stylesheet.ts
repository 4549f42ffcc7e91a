/**
 * MantineProvider writes two <style> elements as it renders: the theme's CSS variables (what differs from Mantine's
 * defaults, which src/styles.ts loads as a stylesheet) and the `hiddenFrom`/`visibleFrom` classes. Both follow from the
 * theme alone, which never changes at run time, yet the code that computes them (the variables resolver, the colour
 * functions behind it) is about 2.5 kB gzip of every first load. In the build, this plugin renders the provider once
 * with the app's theme (src/lib/theme.ts, as src/ThemeProviders.tsx passes it), puts what it wrote into a stylesheet
 * that the provider's module imports, and gives the provider two components that render nothing.
 *
 * Dev and the SPA tests keep Mantine's own components; tests/spa/theme-stylesheet.test.tsx checks that the stylesheet
 * says what they write.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { MantineColorSchemeManager } from '@mantine/core'
import type { Plugin } from 'vite'

const STYLESHEET = '\0theme-stylesheet.css'
const CSS_VARIABLES = '\0theme-stylesheet:css-variables'
const CLASSES = '\0theme-stylesheet:classes'

/** MantineProvider's imports of the two components, and what stands in for each. */
const PROVIDER = /\/@mantine\/core\/esm\/core\/MantineProvider\/MantineProvider\.mjs$/
const STAND_INS: Record<string, string> = {
  './MantineCssVariables/MantineCssVariables.mjs': CSS_VARIABLES,
  './MantineClasses/MantineClasses.mjs': CLASSES,
}

const CODE: Record<string, string> = {
  [CSS_VARIABLES]: `import ${JSON.stringify(STYLESHEET)}
export function MantineCssVariables() { return null }
`,
  [CLASSES]: 'export function MantineClasses() { return null }\n',
}

/** Rendered on the server, the provider only reads its colour scheme manager; this one has nothing stored. */
const noStorage: MantineColorSchemeManager = {
  get: (fallback) => fallback,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
}

/** The CSS MantineProvider writes into its <style> elements for the app's theme, one rule set after the other. */
export async function themeStylesheet(root: string): Promise<string> {
  // Imported here, not at the top: the config that lists this plugin loads for dev and the tests too.
  const [{ createElement }, { renderToStaticMarkup }, { MantineProvider }, { theme, cssVariablesResolver }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@mantine/core'),
    import(pathToFileURL(path.join(root, 'src/lib/theme.ts')).href) as Promise<typeof import('../src/lib/theme.ts')>,
  ])
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver, colorSchemeManager: noStorage }))
  const rules = [...html.matchAll(/<style data-mantine-styles="[^"]*">([^<]*)<\/style>/g)].map(([, css]) => css!)
  if (rules.length !== 2) throw new Error(`MantineProvider wrote ${rules.length} style elements, not the 2 this plugin replaces`)
  return `${rules.join('\n')}\n`
}

export function themeStylesheetPlugin(): Plugin {
  let root = process.cwd()
  return {
    name: 'learnpack:theme-stylesheet',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    resolveId(source, importer) {
      if (source === STYLESHEET) return STYLESHEET
      if (!importer || !PROVIDER.test(importer.replaceAll('\\', '/'))) return null
      return STAND_INS[source] ?? null
    },
    async load(id) {
      if (id === STYLESHEET) return themeStylesheet(root)
      return CODE[id] ?? null
    },
  }
}
