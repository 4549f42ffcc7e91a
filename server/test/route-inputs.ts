import type { Envelope } from '../../contract/envelope.ts'
import type { OpenApiDocument } from '../openapi/document.ts'
import type { TestContext } from './harness.ts'
import { form, mp4, PNG, pdf, xlsx, XLSX_TYPE, type Part } from './media.ts'

/**
 * Every input field of every route, read from GET /api/openapi.json: the app generates it from the zod schemas
 * that validate() and describe({ upload }) attach to each route, so a new route's fields are found here without
 * a list to keep. Tests send one bad value to one field at a time and check the 400 names it.
 */
type JsonSchema = {
  $ref?: string
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  format?: string
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, unknown>
}

/** One field of one route. */
export interface InputField {
  /** `PUT /api/videos/{id}` */
  route: string
  where: 'path' | 'query' | 'json' | 'multipart'
  /** The field as errorDetails names it: `title`, `skills.0.title`. */
  field: string
  /** Where the value goes in a JSON body: arrays at index 0, maps at key '1'. */
  path: (string | number)[]
}

/** A sample of each file part an upload declares, by part name: what the route needs to reach its fields. */
const SAMPLE_FILES: Record<string, () => Promise<Part>> = {
  video: async () => ({ name: 'video', filename: 'lesson.mp4', data: mp4(), type: 'video/mp4' }),
  thumbnail: async () => ({ name: 'thumbnail', filename: 'thumb.png', data: PNG, type: 'image/png' }),
  pdf: async () => ({ name: 'pdf', filename: 'notes.pdf', data: pdf(), type: 'application/pdf' }),
  file: async () => ({ name: 'file', filename: 'questions.xlsx', data: await xlsx(() => {}), type: XLSX_TYPE }),
  // A route whose part shares another's name gets its own sample ('{route} {part}').
  'POST /api/videos/{id}/captions file': async () => ({
    name: 'file',
    filename: 'captions.vtt',
    data: Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello.\n'),
    type: 'text/vtt',
  }),
}

const operationsOf = (document: OpenApiDocument) => document.paths as unknown as Record<string, Record<string, Operation>>

/** Every field of every route that validates its input (routes without a 400 answer read nothing, e.g. signed file URLs). */
export function inputFields(document: OpenApiDocument): InputField[] {
  const found: InputField[] = []
  for (const [path, methods] of Object.entries(operationsOf(document))) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation.responses['400']) continue
      const route = `${method.toUpperCase()} ${path}`
      for (const parameter of operation.parameters ?? [])
        found.push({ route, where: parameter.in, field: parameter.name, path: [parameter.name] })
      const json = operation.requestBody?.content['application/json']?.schema
      if (json) for (const leaf of leafPaths(document, json)) found.push({ route, where: 'json', field: leaf.join('.'), path: leaf })
      const multipart = operation.requestBody?.content['multipart/form-data']?.schema
      for (const [name, property] of Object.entries(multipart?.properties ?? {})) {
        if (property.format !== 'binary') found.push({ route, where: 'multipart', field: name, path: [name] })
      }
    }
  }
  return found
}

/** Path parameters that are not numeric ids. */
const OTHER_IDS: Record<string, string> = { sittingId: '00000000-0000-4000-8000-000000000001' }

/**
 * Sends `value` in one field as an admin. Every other path parameter and required query parameter is '1' (the
 * caller seeds sub-topic 1: uploads look it up before reading their fields), or a well-formed id where the
 * parameter is not numeric; an upload gets a sample of each file.
 */
export async function sendField(ctx: TestContext, document: OpenApiDocument, token: string, input: InputField, value: string) {
  const [method, path] = input.route.split(' ') as [string, string]
  const operation = operationsOf(document)[path]![method.toLowerCase()]!
  const isField = (where: InputField['where'], name: string) => input.where === where && input.field === name
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(isField('path', name) ? value : (OTHER_IDS[name] ?? '1')))
  const query = new URLSearchParams()
  for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
    if (isField('query', parameter.name)) query.set(parameter.name, value)
    else if (parameter.required) query.set(parameter.name, '1')
  }
  if (query.size) url += `?${query}`

  const content = operation.requestBody?.content ?? {}
  const multipart = content['multipart/form-data']?.schema.properties
  if (multipart) {
    const parts: Part[] = []
    for (const [name, property] of Object.entries(multipart)) {
      if (property.format === 'binary') {
        const sample = SAMPLE_FILES[`${input.route} ${name}`] ?? SAMPLE_FILES[name]
        if (!sample) throw new Error(`${input.route}: add a sample file for the part '${name}' to SAMPLE_FILES`)
        parts.push(await sample())
      } else if (isField('multipart', name)) parts.unshift({ name, data: value })
    }
    return ctx.request(method, url, { token, rawBody: form(parts) })
  }
  const body = content['application/json'] ? (input.where === 'json' ? bodyWith(input.path, value) : {}) : undefined
  return ctx.request(method, url, { token, body })
}

/** Whether a 400's errorDetails name the field (a repeated query parameter names its bad item: `subTopicIds.0`). */
export function namesField(answer: { status: number; body: Envelope<unknown> }, field: string) {
  return answer.status === 400 && Object.keys(answer.body.errorDetails ?? {}).some((key) => key === field || key.startsWith(`${field}.`))
}

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  return resolve(document, document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as JsonSchema)
}

/** The path of every leaf of a JSON body schema: arrays are entered at index 0, maps at key '1'. */
function leafPaths(document: OpenApiDocument, raw: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  const schema = resolve(document, raw)
  const isNested = (s: JsonSchema) => !!(s.properties || s.items || typeof s.additionalProperties === 'object')
  const nested = (schema.anyOf ?? schema.oneOf ?? []).map((option) => resolve(document, option)).filter(isNested)
  if (nested.length) return nested.flatMap((option) => leafPaths(document, option, path))
  if (schema.properties || typeof schema.additionalProperties === 'object') {
    const named = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => leafPaths(document, property, [...path, name]))
    const mapped = typeof schema.additionalProperties === 'object' ? leafPaths(document, schema.additionalProperties, [...path, '1']) : []
    return [...named, ...mapped]
  }
  if (schema.items) return leafPaths(document, schema.items, [...path, 0])
  return [path]
}

/** `{}` with `value` set at `path`, creating the objects and arrays on the way. */
function bodyWith(path: (string | number)[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  let node: Record<string | number, unknown> = root
  path.forEach((key, i) => {
    node[key] = i === path.length - 1 ? value : typeof path[i + 1] === 'number' ? [] : {}
    node = node[key] as Record<string | number, unknown>
  })
  return root
}
