/**
 * Two of Mantine's first-load components import a large package for one small thing; this plugin hands them the small
 * thing alone, so that the package loads only with the components that use it in full (Tooltip, Popover, Modal...).
 *
 * - ScrollArea (the sidebar, the notification list) takes `useMergeRefs` from @floating-ui/react. The bundle keeps a
 *   module whole in one chunk, so all of floating-ui that any lazy chunk uses (about 15 kB gzip) would sit in the
 *   signed-in shell's chunk. It gets @mantine/hooks' `useMergedRef` instead, which merges refs the same way.
 * - AppShell's header, footer and aside take `RemoveScroll.classNames` from react-remove-scroll (about 3 kB gzip) for
 *   two class names; they get the same names from react-remove-scroll-bar's constants, which the Modal's scroll lock
 *   reads too.
 */
import type { Plugin } from 'vite'

const MERGE_REFS = '\0lean-mantine:merge-refs'
const REMOVE_SCROLL = '\0lean-mantine:remove-scroll-class-names'

/** Which of Mantine's modules get which stand-in, by the package they import. */
export const STAND_INS: { importer: RegExp; source: string; id: string }[] = [
  { importer: /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/, source: '@floating-ui/react', id: MERGE_REFS },
  {
    importer: /\/@mantine\/core\/esm\/components\/AppShell\/AppShell(Header|Footer|Aside)\/AppShell\1\.mjs$/,
    source: 'react-remove-scroll',
    id: REMOVE_SCROLL,
  },
]

const CODE: Record<string, string> = {
  [MERGE_REFS]: `import { useMergedRef } from '@mantine/hooks'
export const useMergeRefs = (refs) => useMergedRef(...refs)
`,
  [REMOVE_SCROLL]: `import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants'
export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } }
`,
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
