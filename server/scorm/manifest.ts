import { XMLParser } from 'fast-xml-parser'
import { badRequest } from '../http/errors.ts'
import { decodePath, escapesPackage } from './entry-paths.ts'

/** The data model edition: it decides the runtime API (1.2 or 2004) and the data model's limits. */
export type ScormEdition = '1.2' | '2004-2' | '2004-3' | '2004-4'

export interface ParsedManifest {
  title: string
  edition: ScormEdition
  /** The items with a launchable resource, in manifest order; `href` is the launch path with the item's parameters. */
  scos: { identifier: string; title: string; href: string; file: string }[]
}

const EDITIONS: Record<string, ScormEdition> = {
  '1.2': '1.2',
  'CAM 1.3': '2004-2',
  '2004 2nd Edition': '2004-2',
  '2004 3rd Edition': '2004-3',
  '2004 4th Edition': '2004-4',
}

interface XmlNode {
  [key: string]: unknown
}

const LISTS = new Set(['organization', 'item', 'resource', 'file', 'dependency'])
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // No entity of the document's own is expanded: a manifest has no use for them, and they are how XML bombs expand.
  processEntities: false,
  isArray: (name) => LISTS.has(name),
})

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value.trim()
  if (value && typeof value === 'object' && '#text' in value) return String((value as XmlNode)['#text']).trim()
  return ''
}
const nodes = (value: unknown): XmlNode[] => (Array.isArray(value) ? (value as XmlNode[]) : [])
const attr = (node: XmlNode | undefined, name: string) => {
  const value = node?.[`@${name}`]
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * Reads imsmanifest.xml: its edition (metadata/schemaversion), its default organisation's title, and every item
 * that points at a resource with an href (a SCO or an asset), depth first, the launch path joined with the
 * resource's and manifest's xml:base and the item's parameters. Refuses a manifest that is not XML, has no
 * SCORM 1.2 or 2004 schema version, or launches nothing.
 */
export function parseManifest(xml: string): ParsedManifest {
  let doc: XmlNode
  try {
    doc = parser.parse(xml, true) as XmlNode
  } catch (err) {
    throw badRequest(`imsmanifest.xml is not well-formed XML: ${(err as Error).message.split('\n')[0]}`)
  }
  const manifest = doc.manifest as XmlNode | undefined
  if (!manifest || typeof manifest !== 'object') throw badRequest('imsmanifest.xml has no <manifest> element')

  const metadata = manifest.metadata as XmlNode | undefined
  const schemaVersion = textOf(metadata?.schemaversion)
  const edition = EDITIONS[schemaVersion]
  if (!edition) {
    throw badRequest(
      schemaVersion
        ? `The package's schema version '${schemaVersion.slice(0, 60)}' is neither SCORM 1.2 nor SCORM 2004`
        : 'The package names no schema version: it is neither SCORM 1.2 nor SCORM 2004',
    )
  }

  const organizations = manifest.organizations as XmlNode | undefined
  const all = nodes(organizations?.organization)
  const wanted = attr(organizations, 'default')
  const organization = all.find((o) => attr(o, 'identifier') === wanted) ?? all[0]
  if (!organization) throw badRequest('imsmanifest.xml has no organisation: there is nothing to launch')

  const resourcesNode = manifest.resources as XmlNode | undefined
  const manifestBase = attr(manifest, 'base')
  const resourcesBase = attr(resourcesNode, 'base')
  const resources = new Map(nodes(resourcesNode?.resource).map((r) => [attr(r, 'identifier'), r]))

  const scos: ParsedManifest['scos'] = []
  const visit = (items: XmlNode[]) => {
    for (const item of items) {
      const resource = resources.get(attr(item, 'identifierref'))
      const href = attr(resource, 'href')
      if (resource && href) {
        const file = decodePath(joinBase(manifestBase, resourcesBase, attr(resource, 'base'), href.split(/[?#]/)[0]!))
        if (escapesPackage(file)) throw badRequest(`The launch path '${file.slice(0, 200)}' escapes the package`)
        scos.push({
          identifier: attr(item, 'identifier') || attr(resource, 'identifier'),
          title: textOf(item.title) || attr(resource, 'identifier'),
          href: withParameters(joinBase(manifestBase, resourcesBase, attr(resource, 'base'), href), attr(item, 'parameters')),
          file,
        })
      }
      visit(nodes(item.item))
    }
  }
  visit(nodes(organization.item))
  if (!scos.length) throw badRequest('imsmanifest.xml has no item with a launchable resource')
  const title = textOf(organization.title) || scos[0]!.title
  return { title: title.slice(0, 200), edition, scos }
}

const joinBase = (...parts: string[]) =>
  parts
    .filter(Boolean)
    .map((part, i, all) => (i < all.length - 1 && !part.endsWith('/') ? `${part}/` : part))
    .join('')

/** SCORM's rule for an item's parameters: '?' or '&' joins them to the href as the href needs. */
function withParameters(href: string, parameters: string): string {
  if (!parameters) return href
  const trimmed = parameters.replace(/^[?&]/, '')
  if (parameters.startsWith('#')) return href.includes('#') ? href : `${href}${parameters}`
  return `${href}${href.includes('?') ? '&' : '?'}${trimmed}`
}
