import type { OpenApiDocument } from '../openapi/document.ts'
import { insertTree } from '../test/content.ts'
import { createTestContext, type TestContext } from '../test/harness.ts'
import { form, mp4, PNG, pdf, xlsx, XLSX_TYPE, type Part } from '../test/media.ts'

/**
 * Every field of every route refuses a NUL character with a 400 whose errorDetails name the field (issue 11, item 6: a NUL
 * reached PostgreSQL and gave a 500). The fields are read from the routes themselves, through the JSON Schemas of
 * GET /api/openapi.json, which the app generates from the zod schemas that validate() and describe({ upload })
 * attach to each route. A route that adds an unchecked text field therefore fails here.
 */
type JsonSchema = {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  format?: string
}
interface Parameter {
  name: string
  in: 'path' | 'query'
  required?: boolean
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, unknown>
}

/** A sample of each file part an upload declares, by part name: what the route needs to reach its text fields. */
const SAMPLE_FILES: Record<string, () => Promise<Part>> = {
  video: async () => ({ name: 'video', filename: 'lesson.mp4', data: mp4(), type: 'video/mp4' }),
  thumbnail: async () => ({ name: 'thumbnail', filename: 'thumb.png', data: PNG, type: 'image/png' }),
  pdf: async () => ({ name: 'pdf', filename: 'notes.pdf', data: pdf(), type: 'application/pdf' }),
  file: async () => ({ name: 'file', filename: 'questions.xlsx', data: await xlsx(() => {}), type: XLSX_TYPE }),
}

/** Long enough for the fields with a minimum length (submissionId), so only the NUL is wrong with it. */
const NUL = 'text\u0000with a NUL'

/** One request with a NUL in exactly one field: where the field is, and its name as errorDetails spells it. */
interface Case {
  route: string
  where: 'path' | 'query' | 'json' | 'multipart'
  field: string
  /** Where the NUL goes in a JSON body: arrays at index 0, maps at key '1'. */
  path: (string | number)[]
}

let ctx: TestContext
let document: OpenApiDocument
let adminToken: string

beforeAll(async () => {
  ctx = await createTestContext()
  document = (await ctx.request('GET', '/api/openapi.json')).body as unknown as OpenApiDocument
  adminToken = (await ctx.createUser({ role: 'admin' })).token
  // A real sub-topic 1 (and its package, skill and topic): uploads look their sub-topic up before reading fields.
  const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
  expect(tree.subTopicIds).toEqual([1])
})
afterAll(() => ctx.close())

const operations = () => document.paths as unknown as Record<string, Record<string, Operation>>

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  return resolve(document.components.schemas[name] as JsonSchema)
}

/** The path of every leaf of a JSON body schema: arrays are entered at index 0, maps at key '1'. */
function leafPaths(raw: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  const schema = resolve(raw)
  const options = (schema.anyOf ?? schema.oneOf ?? []).map(resolve)
  const nested = options.filter((option) => option.properties || option.items || typeof option.additionalProperties === 'object')
  if (nested.length) return nested.flatMap((option) => leafPaths(option, path))
  if (schema.properties || typeof schema.additionalProperties === 'object') {
    const named = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => leafPaths(property, [...path, name]))
    const mapped = typeof schema.additionalProperties === 'object' ? leafPaths(schema.additionalProperties, [...path, '1']) : []
    return [...named, ...mapped]
  }
  if (schema.items) return leafPaths(schema.items, [...path, 0])
  return [path]
}

/** `{}` with `value` set at `path`, creating the objects and arrays on the way. */
function bodyWith(path: (string | number)[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  let node: Record<string | number, unknown> = root
  path.forEach((key, i) => {
    const next = path[i + 1]
    node[key] = i === path.length - 1 ? value : typeof next === 'number' ? [] : {}
    node = node[key] as Record<string | number, unknown>
  })
  return root
}

/** Every field of every validated route, read from the document. */
function cases(): Case[] {
  const found: Case[] = []
  for (const [path, methods] of Object.entries(operations())) {
    for (const [method, operation] of Object.entries(methods)) {
      // Routes that declare no input (no 400 answer) read nothing from the request, e.g. the signed file URLs.
      if (!operation.responses['400']) continue
      const route = `${method.toUpperCase()} ${path}`
      for (const parameter of operation.parameters ?? []) found.push({ route, where: parameter.in, field: parameter.name, path: [parameter.name] })
      const json = operation.requestBody?.content['application/json']?.schema
      if (json) for (const leaf of leafPaths(json)) found.push({ route, where: 'json', field: leaf.join('.'), path: leaf })
      const multipart = operation.requestBody?.content['multipart/form-data']?.schema
      for (const [name, property] of Object.entries(multipart?.properties ?? {})) {
        if (property.format !== 'binary') found.push({ route, where: 'multipart', field: name, path: [name] })
      }
    }
  }
  return found
}

/** Sends the case's request: every other path and required query parameter gets a valid id, the field gets a NUL. */
async function send({ route, where, field, path: jsonPath }: Case) {
  const [method, path] = route.split(' ') as [string, string]
  const operation = operations()[path]![method.toLowerCase()]!
  const parameters = operation.parameters ?? []
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(where === 'path' && name === field ? NUL : '1'))
  const query = new URLSearchParams()
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    if (where === 'query' && parameter.name === field) query.set(parameter.name, NUL)
    else if (parameter.required) query.set(parameter.name, '1')
  }
  if (query.size) url += `?${query}`

  const content = operation.requestBody?.content ?? {}
  if (content['multipart/form-data']) {
    const properties = content['multipart/form-data'].schema.properties ?? {}
    const parts: Part[] = []
    for (const [name, property] of Object.entries(properties)) {
      if (property.format === 'binary') {
        const sample = SAMPLE_FILES[name]
        if (!sample) throw new Error(`${route}: add a sample file for the part '${name}' to SAMPLE_FILES`)
        parts.push(await sample())
      } else if (where === 'multipart' && name === field) parts.unshift({ name, data: NUL })
    }
    return ctx.request(method, url, { token: adminToken, rawBody: form(parts) })
  }
  const body = content['application/json'] ? (where === 'json' ? bodyWith(jsonPath, NUL) : {}) : undefined
  return ctx.request(method, url, { token: adminToken, body })
}

describe('a NUL character in any field', () => {
  it('finds the fields of every kind of input, the ones the attack used among them', () => {
    const names = cases().map(({ route, where, field }) => `${route} ${where} ${field}`)
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/comments json comment',
        'PUT /api/comments/{id} json comment',
        'POST /api/reviews json reviewText',
        'PUT /api/reviews/{id} json reviewText',
        'PUT /api/videos/{id} json title',
        'POST /api/mcqs/create json question',
        'PUT /api/mcqs/update json question',
        'PUT /api/user/profile json name',
        'PUT /api/user/profile json givenName',
        'PUT /api/user/profile json familyName',
        'POST /api/oauth2/registerUser json name',
        'POST /api/mcq-attempts/create json submissionId',
        'GET /api/topic/filtered query title',
        'GET /api/subTopic/filtered query title',
        'POST /api/videos/upload/{subTopicId} multipart title',
        'POST /api/study-materials/upload multipart name',
        'POST /api/packages/createPackage json skills.0.title',
        'PUT /api/topic/by-skill/{skillId} json topics.0.subTopics.0.description',
        'GET /api/packages/{id} path id',
      ]),
    )
  })

  it('is a 400 whose errorDetails name the field, on every route', async () => {
    const failures: string[] = []
    for (const test of cases()) {
      const res = await send(test)
      // A repeated query parameter names the bad item: `subTopicIds.0`.
      const named = Object.keys(res.body.errorDetails ?? {}).some((key) => key === test.field || key.startsWith(`${test.field}.`))
      if (res.status !== 400 || !named) failures.push(`${test.route} ${test.where} ${test.field}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
    }
    expect(failures).toEqual([])
  })
})
