import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Package } from '../../contract/content.ts'
import type { OpenApiDocument } from './document.ts'
import { setupTestContext } from '../test/harness.ts'
import { pdf, upload, videoParts } from '../test/media.ts'

/**
 * The published contract: every route the app registers is in GET /api/openapi.json, and real answers validate
 * against the document's response schemas with ajv (a JSON Schema validator that knows nothing of zod).
 */
const ctx = setupTestContext({}, { resetBeforeEach: false })
let document: OpenApiDocument
let ajv: Ajv2020
const DOCUMENT_ID = 'https://learnpack.test/openapi.json'

beforeAll(async () => {
  const res = await ctx.request('GET', '/api/openapi.json')
  expect(res.status).toBe(200)
  document = res.body as unknown as OpenApiDocument
  // The document is added whole, so `#/components/schemas/...` resolves inside it; OpenAPI's own keys are not JSON Schema keywords.
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
  ajv.addSchema(document, DOCUMENT_ID)
})

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

/** Asserts a real answer matches the response the document declares for that route and status. */
function expectDocumented(method: string, routePath: string, answer: { status: number; body: unknown }) {
  const operation = document.paths[openApiPath(routePath)]?.[method.toLowerCase()] as { responses: Record<string, unknown> } | undefined
  expect(operation, `${method} ${routePath} is documented`).toBeDefined()
  const status = String(answer.status) in operation!.responses ? String(answer.status) : 'default'
  const validateAnswer = ajv.getSchema(
    `${DOCUMENT_ID}#/${pointer('paths', openApiPath(routePath), method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema')}`,
  )
  expect(validateAnswer, `${method} ${routePath} declares a JSON answer for ${status}`).toBeDefined()
  const valid = validateAnswer!(answer.body)
  expect(valid ? [] : validateAnswer!.errors, `${method} ${routePath} → ${answer.status}`).toEqual([])
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose component schemas all compile', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Package', 'User', 'Comment', 'AttemptResult', 'ErrorEnvelope']),
    )
    for (const name of Object.keys(document.components.schemas)) {
      expect(ajv.getSchema(`${DOCUMENT_ID}#/${pointer('components', 'schemas', name)}`), name).toBeTypeOf('function')
    }
  })

  it('documents every route the app registers, with its method, a summary, its path parameters and a success answer', () => {
    const missing = new Set<string>()
    for (const route of ctx.app.routes) {
      if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue
      const path = openApiPath(route.path.replace(/(.)\/$/, '$1'))
      const operation = document.paths[path]?.[route.method.toLowerCase()] as
        | { summary: string; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }
        | undefined
      if (
        !operation ||
        operation.summary === 'Not described' ||
        !Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))
      ) {
        missing.add(`${route.method} ${route.path}`)
        continue
      }
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        expect(
          operation.parameters?.some((p) => p.in === 'path' && p.name === name),
          `${route.method} ${path} declares {${name}}`,
        ).toBe(true)
      }
    }
    expect([...missing]).toEqual([])
  })

  it('shows who may call each route: bearer security and the role on guarded routes, none on public ones', () => {
    const users = document.paths['/api/user/all']!.get as { security?: unknown; 'x-access'?: string }
    expect(users.security).toEqual([{ bearerAuth: [] }])
    expect(users['x-access']).toBe('admin')
    const reviews = document.paths['/api/reviews']!.post as { 'x-access'?: string }
    expect(reviews['x-access']).toBe('user') // guarded by the module's use(requireUser)
    const login = document.paths['/api/oauth2/loginUser']!.post as {
      security?: unknown
      requestBody: { content: Record<string, { schema: { required: string[] } }> }
    }
    expect(login.security).toBeUndefined()
    expect(login.requestBody.content['application/json']!.schema.required).toEqual(['email', 'password'])
  })
})

describe('real answers validate against the document', () => {
  it('a package tree, a user, a page of comments, an attempt result and error envelopes', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const learner = await ctx.createUser()
    const created = await ctx.request<Package>('POST', '/api/packages/createPackage', {
      token: admin.token,
      body: { title: 'Numbers', description: 'D', price: '10', skills: [{ title: 'Counting', description: 'D', price: '1.5' }] },
    })
    expectDocumented('POST', '/api/packages/createPackage', created)
    const packageId = created.body.data!.id
    const skillId = created.body.data!.skills[0]!.id
    const saved = await ctx.request<{ topics: { subTopics: { id: number }[] }[] }>('PUT', `/api/topic/by-skill/${skillId}`, {
      token: admin.token,
      body: { topics: [{ title: 'T', description: 'D', subTopics: [{ title: 'ST', description: 'D' }] }] },
    })
    expectDocumented('PUT', '/api/topic/by-skill/:skillId', saved)
    const subTopicId = saved.body.data!.topics[0]!.subTopics[0]!.id
    const video = await upload<{ id: number }>(ctx, `/api/videos/upload/${subTopicId}`, videoParts(), admin.token)
    expectDocumented('POST', '/api/videos/upload/:subTopicId', video)
    const material = await upload(
      ctx,
      '/api/study-materials/upload',
      [
        { name: 'subTopicId', data: String(subTopicId) },
        { name: 'name', data: 'Notes' },
        { name: 'pdf', filename: 'n.pdf', data: pdf(), type: 'application/pdf' },
      ],
      admin.token,
    )
    expectDocumented('POST', '/api/study-materials/upload', material)
    const mcq = await ctx.request<{ id: number }>('POST', '/api/mcqs/create', {
      token: admin.token,
      body: { subTopicId, question: 'Q?', options: '{"A":"1","B":"2"}', correctOption: 'A' },
    })
    expectDocumented('POST', '/api/mcqs/create', mcq)
    const assigned = await ctx.request('PUT', `/api/user/${learner.user.id}/assign-packages`, {
      token: admin.token,
      body: { packageIds: [packageId] },
    })
    expectDocumented('PUT', '/api/user/:id/assign-packages', assigned)

    const tree = await ctx.request<Package>('GET', `/api/packages/${packageId}`, { token: learner.token })
    expect(tree.body.data!.skills[0]!.topics[0]!.subTopics[0]!.videos).toHaveLength(1)
    expectDocumented('GET', '/api/packages/:id', tree)
    expectDocumented('GET', '/api/user/getUserByEmail', await ctx.request('GET', '/api/user/getUserByEmail', { token: learner.token }))
    expectDocumented(
      'GET',
      '/api/user/getUserWithPackages',
      await ctx.request('GET', `/api/user/getUserWithPackages?id=${learner.user.id}`, { token: learner.token }),
    )
    expectDocumented(
      'GET',
      '/api/mcqs/getById',
      await ctx.request('GET', `/api/mcqs/getById?id=${mcq.body.data!.id}`, { token: learner.token }),
    )

    for (const text of ['Clear', 'Useful']) {
      await ctx.request('POST', '/api/comments', { token: learner.token, body: { videoId: video.body.data!.id, comment: text, rating: 4 } })
    }
    const comments = await ctx.request<{ content: unknown[] }>('GET', `/api/comments/video/${video.body.data!.id}/paged?size=1`, {
      token: learner.token,
    })
    expect(comments.body.data!.content).toHaveLength(1)
    expectDocumented('GET', '/api/comments/video/:videoId/paged', comments)

    const attempt = await ctx.request('POST', '/api/mcq-attempts/create', {
      token: learner.token,
      body: { subTopicIds: [subTopicId], answers: { [mcq.body.data!.id]: ['A'] } },
    })
    expect(attempt.status).toBe(201)
    expectDocumented('POST', '/api/mcq-attempts/create', attempt)

    const deleted = await ctx.request('DELETE', `/api/study-materials/${(material.body.data as { id: number }).id}`, { token: admin.token })
    expectDocumented('DELETE', '/api/study-materials/:id', deleted)

    const invalid = await ctx.request('POST', '/api/oauth2/loginUser', { body: { email: 'not-an-email', password: '' } })
    expect(invalid.status).toBe(400)
    expectDocumented('POST', '/api/oauth2/loginUser', invalid)
    const forbidden = await ctx.request('GET', '/api/user/all', { token: learner.token })
    expect(forbidden.status).toBe(403)
    expectDocumented('GET', '/api/user/all', forbidden)
    const missing = await ctx.request('GET', '/api/packages/999999', { token: admin.token })
    expect(missing.status).toBe(404)
    expectDocumented('GET', '/api/packages/:id', missing)
  })

  it('a drifted answer fails: the check can fail', () => {
    const answer = { status: 200, body: { success: true, status: 200, timestamp: 'now', data: { googleClientId: 42 } } }
    expect(() => expectDocumented('GET', '/api/config', answer)).toThrow()
  })
})

describe('examples in the reference', () => {
  type Schema = { properties?: Record<string, { examples?: unknown[] }> }
  /** The first example of each field of a route's JSON body, as the reference page fills its 'Try it out' body. */
  function bodyExample(method: string, path: string) {
    const operation = document.paths[path]?.[method] as { requestBody: { content: Record<string, { schema: Schema }> } }
    const properties = operation.requestBody.content['application/json']!.schema.properties ?? {}
    return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, field.examples?.[0]]))
  }

  it('the sign-in body is a plausible e-mail and password, and signs up and signs in as they are', async () => {
    const login = bodyExample('post', '/api/oauth2/loginUser')
    expect(login.email).toMatch(/^[a-z.]+@example\.com$/)
    expect(login.password).toMatch(/^[\x21-\x7e]{8,40}$/)
    const register = bodyExample('post', '/api/oauth2/registerUser')
    expect(register).toEqual({ name: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+$/), ...login })
    expect((await ctx.request('POST', '/api/oauth2/registerUser', { body: register })).status).toBe(201)
    expect((await ctx.request('POST', '/api/oauth2/loginUser', { body: login })).status).toBe(200)
  })

  it('a package body reads like a package: a title, a description and a price', () => {
    const body = bodyExample('post', '/api/packages/createPackage')
    expect(body.title).toMatch(/^[A-Z][\w ]+$/)
    expect(body.description).toMatch(/^[A-Z].+\.$/)
    expect(String(body.price)).toMatch(/^\d+(\.\d\d)?$/)
  })
})

describe('GET /api/docs', () => {
  it('serves the reference page and its script and style sheet from this origin, under the CSP', async () => {
    const page = await ctx.app.request('/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!)
    expect(assets).toEqual(['docs/swagger-ui.css', 'docs/swagger-ui-bundle.js', 'docs/init.js'])
    expect(html).not.toMatch(/<script>|https?:\/\//)
    for (const asset of assets) {
      const res = await ctx.app.request(`/api/${asset}`)
      expect(res.status, asset).toBe(200)
      expect(res.headers.get('content-type'), asset).toMatch(/^text\/(css|javascript)/)
    }
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect((await ctx.app.request('/api/docs/package.json')).status).toBe(404)
  })
})
