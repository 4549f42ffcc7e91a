/**
 * Stand-ins for four of Mantine's modules. Some components import a large package or component for one small thing;
 * this plugin hands them the small thing alone, so that it loads only with the components that use it in full
 * (Tooltip, Popover, Modal...). One hook costs every component that calls it a second render.
 *
 * - ScrollArea (the admin's package and question lists) takes `useMergeRefs` from @floating-ui/react. The bundle keeps
 *   a module whole in one chunk, so all of floating-ui that any lazy chunk uses (about 15 kB gzip) would sit in the
 *   chunk of those lists. It gets @mantine/hooks' `useMergedRef` instead, which merges refs the same way.
 * - Table imports its ScrollContainer, which draws its custom scroll bars with ScrollArea (about 4 kB gzip) unless
 *   `type="native"`. The app's tables scroll natively (components/ui/ScrollRegion.tsx), so ScrollContainer gets a
 *   ScrollArea that says so instead, and ScrollArea loads only with the admin lists that use it.
 * - @mantine/hooks' `useId` renders React's id first, then swaps in a random one from a layout effect (for React
 *   versions without `useId`): every NavLink, input, Accordion, Tooltip and Modal renders twice as it mounts, in the same
 *   task. The stand-in returns React's id alone (unique and stable on React 19), so a screen mounts in one render.
 * - Button and ActionIcon fade their loader in and out with Transition (about 1.7 kB gzip with its presets), which put
 *   Transition into every screen's first load. They get one that shows the loader while `loading` holds and no fade;
 *   Transition loads whole with the components that animate on purpose (Modal, Tooltip, the notification list).
 */
import type { Plugin } from 'vite'

const MERGE_REFS = '\0lean-mantine:merge-refs'
const NO_SCROLL_AREA = '\0lean-mantine:table-scroll-area'
const REACT_ID = '\0lean-mantine:react-id'
const NO_FADE = '\0lean-mantine:loader-without-fade'

/** Which of Mantine's modules get which stand-in, by the package they import. */
export const STAND_INS: { importer: RegExp; source: string; id: string }[] = [
  { importer: /\/@mantine\/hooks\/esm\/index\.mjs$/, source: './use-id/use-id.mjs', id: REACT_ID },
  { importer: /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/, source: '@floating-ui/react', id: MERGE_REFS },
  {
    importer: /\/@mantine\/core\/esm\/components\/Table\/TableScrollContainer\.mjs$/,
    source: '../ScrollArea/ScrollArea.mjs',
    id: NO_SCROLL_AREA,
  },
  {
    importer: /\/@mantine\/core\/esm\/components\/(?:Button\/Button|ActionIcon\/ActionIcon)\.mjs$/,
    source: '../Transition/Transition.mjs',
    id: NO_FADE,
  },
]

const CODE: Record<string, string> = {
  [REACT_ID]: `import { useId as useReactId } from 'react'
export function useId(staticId) {
  const id = useReactId()
  return typeof staticId === 'string' ? staticId : \`mantine-\${id.replace(/[^\\w-]/g, '')}\`
}
`,
  [MERGE_REFS]: `import { useMergedRef } from '@mantine/hooks'
export const useMergeRefs = (refs) => useMergedRef(...refs)
`,
  [NO_FADE]: `export function Transition({ mounted, children }) {
  return mounted ? children({}) : null
}
`,
  [NO_SCROLL_AREA]: `export function ScrollArea() {
  throw new Error('Table.ScrollContainer scrolls natively here: use type="native" (components/ui/ScrollRegion.tsx)')
}
`,
}

/** `Button.displayName = "@mantine/core/Button";`, a line of its own in each of Mantine's component modules. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "@mantine\/[\w-]+\/[\w.]+";$/gm
const MANTINE_MODULE = /\/node_modules\/@mantine\/(?:core|hooks)\/esm\/.+\.mjs$/

/**
 * Takes out the names Mantine gives its components for React's developer tools (about 0.4 kB gzip a screen); nothing
 * else reads them. Each goes as a blank line, so that the module's source map still holds. Builds only: the tests and
 * the dev server keep them.
 */
export function withoutDisplayNames(): Plugin {
  return {
    name: 'learnpack:mantine-without-display-names',
    apply: 'build',
    transform: {
      filter: { id: MANTINE_MODULE },
      handler(code) {
        const stripped = code.replace(DISPLAY_NAME, '')
        return stripped === code ? null : { code: stripped, map: null }
      },
    },
  }
}

export function leanMantine(): Plugin {
  return {
    name: 'learnpack:lean-mantine',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null
      const path = importer.replaceAll('\\', '/')
      return STAND_INS.find((s) => s.source === source && s.importer.test(path))?.id ?? null
    },
    load(id) {
      return CODE[id] ?? null
    },
  }
}
