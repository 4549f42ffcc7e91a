import type { RouterRoute } from 'hono/types'
import { z } from 'zod'
import { errorEnvelopeSchema, noDataEnvelope, successEnvelope } from '../../contract/envelope.ts'
import { readDoc, type RouteDescription, type RouteDoc } from './route-doc.ts'

type JsonSchema = Record<string, unknown>
type Operation = Record<string, unknown>

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> }
}

const INFO = {
  title: 'Learnpack API',
  version: '1.0.0',
  description:
    'Every JSON answer, success or error, is one envelope `{success, data, message, status, path, timestamp}` with the true HTTP ' +
    'status; validation errors add `errorDetails` (field → message). Sign in with `POST /api/oauth2/loginUser` and send the token ' +
    'as `Authorization: Bearer <token>`.',
}

const ACCESS_TEXT = {
  user: 'Access: any signed-in user (the service may narrow it to assigned packages or the record owner).',
  admin: 'Access: administrators only.',
}

/**
 * The OpenAPI 3.1 document of every route registered under /api, read from the metadata that validate(),
 * the guards and apiDoc() attach to the route's middleware. JSON Schemas come from zod's own converter.
 */
export function buildOpenApiDocument(routes: readonly RouterRoute[]): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {}
  const toJson = (schema: z.ZodType, io: 'input' | 'output') => jsonSchema(schema, io, schemas)
  const paths: OpenApiDocument['paths'] = {}

  for (const { method, path, docs } of operations(routes)) {
    const route = docs.find((doc) => doc.kind === 'describe')?.route
    const inputs = docs.filter((doc) => doc.kind === 'input')
    const role = accessOf(docs)
    const openApiPath = path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')

    const operation: Operation = {
      tags: route?.tags ?? [path.split('/')[2] ?? 'api'],
      summary: route?.summary ?? 'Not described',
      ...(route?.description || role ? { description: [route?.description, role && ACCESS_TEXT[role]].filter(Boolean).join('\n\n') } : {}),
      ...(role ? { security: [{ bearerAuth: [] }], 'x-access': role } : {}),
    }
    const parameters = inputs.flatMap((doc) => (doc.target === 'param' || doc.target === 'query' ? parametersOf(doc, toJson) : []))
    // A path parameter the route reads without a schema is still part of its path.
    for (const [, name] of openApiPath.matchAll(/\{(\w+)\}/g)) {
      if (!parameters.some((p) => p.in === 'path' && p.name === name))
        parameters.push({ name: name!, in: 'path', required: true, schema: { type: 'string' } })
    }
    if (parameters.length) operation.parameters = parameters
    const body = inputs.find((doc) => doc.target === 'json')
    if (body) operation.requestBody = { required: true, content: { 'application/json': { schema: toJson(body.schema, 'input') } } }
    if (route?.upload)
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: uploadSchema(route.upload, toJson) } } }
    operation.responses = responsesOf(route, { validated: inputs.length > 0 || !!route?.upload, role }, toJson)

    paths[openApiPath] ??= {}
    paths[openApiPath][method.toLowerCase()] = operation
  }

  return {
    openapi: '3.1.0',
    info: INFO,
    paths,
    components: { schemas, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  }
}

/** One entry per method and path under /api, with the docs of its own handlers and of the `use()` middleware that covers it. */
function operations(routes: readonly RouterRoute[]) {
  const shared = routes.filter((route) => route.method === 'ALL')
  const byKey = new Map<string, { method: string; path: string; docs: RouteDoc[] }>()
  for (const route of routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue
    const path = route.path.replace(/(.)\/$/, '$1')
    const key = `${route.method} ${path}`
    if (!byKey.has(key)) {
      const covering = shared.filter((middleware) => covers(middleware.path, path)).map((middleware) => readDoc(middleware.handler))
      byKey.set(key, { method: route.method, path, docs: covering.filter((doc) => doc !== undefined) })
    }
    const doc = readDoc(route.handler)
    if (doc) byKey.get(key)!.docs.push(doc)
  }
  return [...byKey.values()]
}

/** The strictest guard on the route: admin, any signed-in user, or none (public). */
function accessOf(docs: RouteDoc[]): 'admin' | 'user' | undefined {
  const roles = docs.flatMap((doc) => (doc.kind === 'access' ? [doc.role] : []))
  return roles.includes('admin') ? 'admin' : roles.length ? 'user' : undefined
}

/** Whether a `use()` path such as `/api/reviews/*` applies to a route path. */
function covers(pattern: string, path: string) {
  if (!pattern.endsWith('/*')) return pattern === path
  const prefix = pattern.slice(0, -2)
  return path === prefix || path.startsWith(`${prefix}/`)
}

function parametersOf(doc: Extract<RouteDoc, { kind: 'input' }>, toJson: (schema: z.ZodType, io: 'input') => JsonSchema) {
  const object = toJson(doc.schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    in: doc.target === 'param' ? 'path' : 'query',
    required: doc.target === 'param' || (object.required ?? []).includes(name),
    schema,
  }))
}

function uploadSchema(upload: NonNullable<RouteDescription['upload']>, toJson: (schema: z.ZodType, io: 'input') => JsonSchema): JsonSchema {
  const fields = upload.fields ? (toJson(upload.fields, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }) : {}
  const files = Object.fromEntries(
    Object.entries(upload.files).map(([name, description]) => [name, { type: 'string', format: 'binary', description }]),
  )
  return {
    type: 'object',
    properties: { ...fields.properties, ...files },
    required: [...(fields.required ?? []), ...Object.keys(upload.files)],
  }
}

function responsesOf(
  route: RouteDescription | undefined,
  { validated, role }: { validated: boolean; role?: string },
  toJson: (schema: z.ZodType, io: 'output') => JsonSchema,
) {
  const responses: Record<string, unknown> = {}
  const statuses = [route?.status ?? 200].flat()
  for (const status of statuses) responses[String(status)] = successResponse(route, toJson)
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: toJson(errorEnvelopeSchema, 'output') } },
  })
  if (validated) responses['400'] = error('Invalid input: `errorDetails` names each bad field.')
  if (role) responses['401'] = error('No token, or an expired or invalid one.')
  if (role) responses['403'] = error(role === 'admin' ? 'Not an administrator.' : 'Not allowed to see this record.')
  responses.default = error('Any other error (404, 409, 413, 415, 429, 503 with Retry-After, or 500), in the same envelope.')
  return responses
}

function successResponse(route: RouteDescription | undefined, toJson: (schema: z.ZodType, io: 'output') => JsonSchema) {
  if (!route) return { description: 'Not described.' }
  if (route.response === 'binary') {
    const type = route.contentType ?? 'application/octet-stream'
    return {
      description: 'The file.',
      content: { [type]: { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } } },
    }
  }
  const envelope = route.response === null ? noDataEnvelope : successEnvelope(route.response)
  return { description: 'Success.', content: { 'application/json': { schema: toJson(envelope, 'output') } } }
}

/** zod → JSON Schema 2020-12; schemas named with `.meta({ id })` become components, referenced from here. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const {
    $schema: _,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: dropSafeIntegerBounds }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>
  }
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] ??= toComponentRefs(definition)
  return toComponentRefs(rest)
}

const toComponentRefs = (schema: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/'))

/** `z.number().int()` says "a safe integer" with two 16-digit bounds; the type alone reads better in the reference. */
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: { minimum?: number; maximum?: number } }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
}
