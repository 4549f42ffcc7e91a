import { issueCertificateIfEnabled } from '../certificates/issue.ts'
import { setupTestContext } from '../test/harness.ts'
import { mp4 } from '../test/media.ts'
import { singleScoPackage } from '../test/scorm-packages.ts'

/**
 * Every API route the app registers, called as anonymous, a learner without the package, a learner
 * with it, and an admin. A route without a rule here fails the test, so new routes must declare one.
 */
type Rule =
  | 'public' // anyone
  | 'user' // any signed-in user
  | 'self' // a user's own record (the assigned learner is the owner here), or an admin
  | 'content' // admins and learners assigned to the package the resource belongs to
  | 'admin' // admins only
  | 'owner' // the record's owner (the assigned learner owns the fixture's review, comment and attempt) or an admin
  | 'ownerOnly' // the record's owner only
  | 'signed' // no bearer token at all: a valid signature in the URL (the matrix calls it unsigned, so 403 for everyone)
  | 'launchToken' // a SCORM launch token only (server/scorm): every session token, of any role, is a 401

const RULES: Record<string, Rule> = {
  'POST /api/oauth2/registerUser': 'public',
  'POST /api/oauth2/loginUser': 'public',
  'POST /api/oauth2/login': 'public',
  'GET /api/oauth2/hello': 'public',
  'GET /api/config': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/:asset': 'public',
  'GET /api/user/verify': 'public',
  'POST /api/user/resend-verification': 'public',
  'POST /api/user/forgot-password': 'public',
  'POST /api/user/reset-password': 'public',
  'POST /api/user/accept-invitation': 'public',
  'GET /api/user/getUserByEmail': 'user',
  'PUT /api/user/profile': 'user',
  'PUT /api/user/password': 'user',
  'POST /api/user/sessions/revoke': 'user',
  'GET /api/user/getUserById': 'self',
  'GET /api/user/getUserWithPackages': 'self',
  'GET /api/user/getPaginatedUsers': 'admin',
  'GET /api/user/all': 'admin',
  'PUT /api/user/:id/assign-packages': 'admin',
  'DELETE /api/user/:id/packages/:packageId': 'admin',
  'PUT /api/user/:id/role': 'admin',
  'POST /api/user/import': 'admin',
  'GET /api/user/import/template': 'admin',
  'POST /api/packages/createPackage': 'admin',
  'GET /api/packages/getAllPackage': 'user',
  'GET /api/packages/:id': 'content',
  'PUT /api/packages/:id': 'admin',
  'DELETE /api/packages/:id': 'admin',
  'GET /api/skills/skills/:id/topics': 'content',
  'GET /api/skills/:id': 'content',
  'POST /api/topic/addTopic': 'admin',
  'GET /api/topic': 'admin',
  'GET /api/topic/page': 'admin',
  'GET /api/topic/filtered': 'admin',
  'GET /api/topic/getTopicWithDetails': 'content',
  'GET /api/topic/by-skill/:skillId': 'content',
  'PUT /api/topic/by-skill/:skillId': 'admin',
  'GET /api/topic/:id': 'content',
  'PUT /api/topic/:id': 'admin',
  'DELETE /api/topic/:id': 'admin',
  'POST /api/subTopic/addTopic': 'admin',
  'GET /api/subTopic': 'admin',
  'GET /api/subTopic/page': 'admin',
  'GET /api/subTopic/filtered': 'admin',
  'GET /api/subTopic/getByIds': 'content',
  'GET /api/subTopic/:id': 'content',
  'GET /api/subTopic/:id/test-settings': 'content',
  'PUT /api/subTopic/:id/test-settings': 'admin',
  'PUT /api/subTopic/:id': 'admin',
  'DELETE /api/subTopic/:id': 'admin',
  'POST /api/videos/upload/:subTopicId': 'admin',
  'GET /api/videos/:id': 'content',
  'PUT /api/videos/:id': 'admin',
  'DELETE /api/videos/:id': 'admin',
  'POST /api/videos/:id/view': 'content',
  'POST /api/study-materials/upload': 'admin',
  'DELETE /api/study-materials/:id': 'admin',
  'GET /api/study-materials/download-all/:subTopicId': 'content',
  'POST /api/mcqs/uploadExcel': 'admin',
  'POST /api/mcqs/uploadExcelWithSubTopic': 'admin',
  'GET /api/mcqs/download-template': 'admin',
  'GET /api/mcqs/download-template-with-subtopic': 'admin',
  'POST /api/mcqs/create': 'admin',
  'PUT /api/mcqs/update': 'admin',
  'DELETE /api/mcqs/delete': 'admin',
  'GET /api/mcqs/getById': 'content',
  'GET /api/mcqs/getAll': 'admin',
  'GET /api/mcqs/getBySubTopics': 'content',
  'GET /api/files/:key': 'signed',
  'HEAD /api/files/:key': 'signed',
  'POST /api/reviews': 'user',
  'GET /api/reviews/summary': 'user',
  'GET /api/reviews/summaries': 'user',
  'GET /api/reviews/target': 'user',
  'PUT /api/reviews/:id': 'ownerOnly',
  'DELETE /api/reviews/:id': 'owner',
  'POST /api/comments': 'user',
  'GET /api/comments/summary/:videoId': 'content',
  'GET /api/comments/ratings/:videoId': 'content',
  'GET /api/comments/video/:videoId': 'content',
  'GET /api/comments/video/:videoId/paged': 'content',
  'PUT /api/comments/:id': 'ownerOnly',
  'DELETE /api/comments/:id': 'owner',
  'POST /api/mcq-attempts/create': 'user',
  'POST /api/mcq-attempts/start': 'content',
  'GET /api/mcq-attempts/sittings/:sittingId': 'ownerOnly',
  'PUT /api/mcq-attempts/sittings/:sittingId/answers': 'ownerOnly',
  'GET /api/mcq-attempts/getById': 'owner',
  'GET /api/mcq-attempts/:id/review': 'owner',
  'GET /api/mcq-attempts/overview': 'content',
  'GET /api/mcq-attempts/byUser': 'owner',
  'GET /api/mcq-attempts/bySubTopic': 'user',
  'GET /api/mcq-attempts/byMultipleSubTopicIds': 'user',
  'POST /api/mcq-attempts/grants': 'admin',
  'GET /api/mcq-attempts/grants': 'admin',
  'GET /api/reports/dashboard': 'admin',
  'GET /api/reports/packages': 'admin',
  'GET /api/reports/packages/:id': 'admin',
  'GET /api/reports/packages/:id/export': 'admin',
  'GET /api/reports/items': 'admin',
  'GET /api/reports/items/export': 'admin',
  'PUT /api/progress/videos/:videoId': 'content',
  'GET /api/progress/videos/:videoId': 'content',
  'GET /api/progress/packages/:packageId': 'content',
  'GET /api/progress/packages/:packageId/learners': 'admin',
  'GET /api/search': 'user',
  'POST /api/access-requests': 'user',
  'GET /api/access-requests/mine': 'user',
  'GET /api/access-requests': 'admin',
  'POST /api/access-requests/:id/assign': 'admin',
  'POST /api/access-requests/:id/dismiss': 'admin',
  'GET /api/notifications': 'user',
  'POST /api/notifications/read-all': 'user',
  'POST /api/notifications/:id/read': 'user',
  'GET /api/packages/:id/certificate-settings': 'admin',
  'PUT /api/packages/:id/certificate-settings': 'admin',
  'GET /api/certificates': 'user',
  'GET /api/certificates/standing': 'user',
  'GET /api/certificates/all': 'admin',
  'GET /api/certificates/all/export': 'admin',
  'GET /api/certificates/verify/:code': 'public',
  'GET /api/certificates/:id/pdf': 'owner',
  'POST /api/certificates/:id/revoke': 'admin',
  'POST /api/subTopic/:id/scorm': 'admin',
  'POST /api/scorm/:id/launch': 'content',
  'DELETE /api/scorm/:id': 'admin',
  'GET /api/scorm/runtime': 'launchToken',
  'POST /api/scorm/runtime': 'launchToken',
  'PUT /api/user/:id/packages/:packageId': 'admin',
  'GET /api/groups': 'admin',
  'POST /api/groups': 'admin',
  'GET /api/groups/:id': 'admin',
  'PATCH /api/groups/:id': 'admin',
  'DELETE /api/groups/:id': 'admin',
  'POST /api/groups/:id/members': 'admin',
  'DELETE /api/groups/:id/members/:userId': 'admin',
  'PUT /api/groups/:id/packages/:packageId': 'admin',
  'DELETE /api/groups/:id/packages/:packageId': 'admin',
}

/** Bodies for routes that validate their body before they can tell who may call them; others get {}. */
const BODIES: Record<string, unknown | ((ids: Fixture['ids']) => unknown)> = {
  'PUT /api/progress/videos/:videoId': { position: 1, watched: [[0, 1]] },
  'POST /api/mcq-attempts/start': (ids: Fixture['ids']) => ({ subTopicIds: [ids.subTopic] }),
  'PUT /api/mcq-attempts/sittings/:sittingId/answers': { answers: {} },
  'POST /api/certificates/:id/revoke': { reason: 'Issued by mistake' },
}

type Role = 'anonymous' | 'learnerWithout' | 'learnerWith' | 'admin'
const ROLES: Role[] = ['anonymous', 'learnerWithout', 'learnerWith', 'admin']

/** What each role must get: an exact denial, or "allowed" (not 401/403, no 5xx), or "ok" (2xx). */
function expected(rule: Rule, role: Role): 401 | 403 | 'allowed' | 'ok' {
  if (rule === 'public') return 'allowed'
  if (rule === 'signed') return 403
  if (rule === 'launchToken') return 401
  if (role === 'anonymous') return 401
  if (rule === 'user') return 'allowed'
  if (rule === 'admin') return role === 'admin' ? 'allowed' : 403
  // self, owner and content: the assigned learner owns the record / has the package
  if (role === 'learnerWithout') return 403
  if (rule === 'ownerOnly') return role === 'admin' ? 403 : 'allowed'
  return rule === 'content' && role === 'learnerWith' ? 'ok' : 'allowed'
}

const ctx = setupTestContext({}, { resetBeforeEach: false })
let cached: Fixture | undefined

interface Fixture {
  tokens: Record<Role, string | undefined>
  ids: {
    user: number
    package: number
    skill: number
    topic: number
    subTopic: number
    video: number
    material: number
    mcq: number
    fileKey: string
    review: number
    comment: number
    attempt: number
    /** The assigned learner's open sitting. */
    sitting: string
    /** The assigned learner's certificate of the package, and its code. */
    certificate: number
    certificateCode: string
    scorm: number
  }
}

async function seed(): Promise<Fixture> {
  await ctx.reset()
  const admin = await ctx.createUser({ role: 'admin' })
  const learnerWith = await ctx.createUser()
  const learnerWithout = await ctx.createUser()
  const created = await ctx.request<{ id: number; skills: { id: number }[] }>('POST', '/api/packages/createPackage', {
    token: admin.token,
    body: { title: 'P', description: 'D', price: '10', skills: [{ title: 'S', description: 'D', price: '1' }] },
  })
  const pkg = created.body.data!
  const skillId = pkg.skills[0]!.id
  const saved = await ctx.request<{ topics: { id: number; subTopics: { id: number }[] }[] }>('PUT', `/api/topic/by-skill/${skillId}`, {
    token: admin.token,
    body: { topics: [{ title: 'T', description: 'D', subTopics: [{ title: 'ST', description: 'D' }] }] },
  })
  const topic = saved.body.data!.topics[0]!
  await ctx.request('PUT', `/api/user/${learnerWith.user.id}/assign-packages`, { token: admin.token, body: { packageIds: [pkg.id] } })
  const subTopicId = topic.subTopics[0]!.id
  const media = await seedMedia(admin.token, subTopicId)
  const review = await ctx.request<{ id: number }>('POST', '/api/reviews', {
    token: learnerWith.token,
    body: { targetType: 'PACKAGE', targetId: pkg.id, presentationRating: 4 },
  })
  const comment = await ctx.request<{ id: number }>('POST', '/api/comments', {
    token: learnerWith.token,
    body: { videoId: media.video, comment: 'Nice', rating: 5 },
  })
  const attempt = await ctx.request<{ attempts: { id: number }[] }>('POST', '/api/mcq-attempts/create', {
    token: learnerWith.token,
    body: { subTopicIds: [subTopicId], answers: { [media.mcq]: ['A'] } },
  })
  const sitting = await ctx.request<{ sittingId: string }>('POST', '/api/mcq-attempts/start', {
    token: learnerWith.token,
    body: { subTopicIds: [subTopicId] },
  })
  await ctx.request('PUT', `/api/packages/${pkg.id}/certificate-settings`, {
    token: admin.token,
    body: { enabled: true, validityMonths: 12, renewDaysBefore: 30 },
  })
  const certificate = (await ctx.deps.db.transaction((tx) => issueCertificateIfEnabled(tx, learnerWith.user.id, pkg.id, ctx.now)))!
  const owned = {
    certificate: certificate.id,
    certificateCode: certificate.code,
    review: review.body.data!.id,
    comment: comment.body.data!.id,
    attempt: attempt.body.data!.attempts[0]!.id,
    sitting: sitting.body.data!.sittingId,
  }
  return {
    tokens: { anonymous: undefined, learnerWithout: learnerWithout.token, learnerWith: learnerWith.token, admin: admin.token },
    ids: { user: learnerWith.user.id, package: pkg.id, skill: skillId, topic: topic.id, subTopic: subTopicId, ...media, ...owned },
  }
}

/** A video, a study material and a question in the sub-topic, through the real upload endpoints. */
async function seedMedia(token: string, subTopicId: number) {
  const auth = { authorization: `Bearer ${token}` }
  const video = new FormData()
  video.append('video', new Blob([new Uint8Array(mp4())]), 'clip.mp4')
  video.append(
    'thumbnail',
    new Blob([Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)])]),
    'thumb.png',
  )
  const uploaded = (await (
    await ctx.app.request(`/api/videos/upload/${subTopicId}`, { method: 'POST', body: video, headers: auth })
  ).json()) as { data: { id: number; url: string } }
  const pdf = new FormData()
  pdf.append('subTopicId', String(subTopicId))
  pdf.append('name', 'Notes')
  pdf.append('pdf', new Blob([Buffer.from('%PDF-1.4\n%test')]), 'notes.pdf')
  const material = (await (await ctx.app.request('/api/study-materials/upload', { method: 'POST', body: pdf, headers: auth })).json()) as {
    data: { id: number }
  }
  const mcq = await ctx.request<{ id: number }>('POST', '/api/mcqs/create', {
    token,
    body: { subTopicId, question: 'Q?', options: '{"A":"1","B":"2"}', correctOption: 'A' },
  })
  const fileKey = decodeURIComponent(new URL(uploaded.data.url, 'http://x').pathname.split('/').pop()!)
  const scormForm = new FormData()
  scormForm.append('file', new Blob([new Uint8Array(singleScoPackage('1.2'))]), 'course.zip')
  const scorm = (await (
    await ctx.app.request(`/api/subTopic/${subTopicId}/scorm`, { method: 'POST', body: scormForm, headers: auth })
  ).json()) as {
    data: { id: number }
  }
  return { video: uploaded.data.id, material: material.data.id, mcq: mcq.body.data!.id, fileKey, scorm: scorm.data.id }
}

/** A concrete URL for a route pattern, pointing at the fixture's resources. */
function concretePath(pattern: string, ids: Fixture['ids']): string {
  const byPrefix: [string, number][] = [
    ['/api/packages', ids.package],
    ['/api/skills', ids.skill],
    ['/api/topic', ids.topic],
    ['/api/subTopic', ids.subTopic],
    ['/api/videos', ids.video],
    ['/api/study-materials', ids.material],
    ['/api/reviews', ids.review],
    ['/api/comments', ids.comment],
    ['/api/mcq-attempts', ids.attempt],
    ['/api/reports', ids.package],
    ['/api/certificates', ids.certificate],
    ['/api/user', ids.user],
    ['/api/scorm', ids.scorm],
  ]
  const resource = byPrefix.find(([prefix]) => pattern.startsWith(prefix))?.[1] ?? ids.user
  let path = pattern
    .replace(':packageId', String(ids.package))
    .replace(':skillId', String(ids.skill))
    .replace(':subTopicId', String(ids.subTopic))
    .replace(':videoId', String(ids.video))
    .replace(':key', ids.fileKey)
    .replace(':sittingId', ids.sitting)
    .replace(':code', ids.certificateCode)
    .replace(':id', String(resource))
  const query: Record<string, string> = {
    '/api/user/getUserById': `id=${ids.user}`,
    '/api/user/getUserWithPackages': `id=${ids.user}`,
    '/api/topic/getTopicWithDetails': `topicId=${ids.topic}`,
    '/api/subTopic/getByIds': `subTopicIds=${ids.subTopic}`,
    '/api/user/verify': 'token=not-a-real-token',
    '/api/user/resend-verification': 'email=someone@example.com',
    '/api/mcqs/getById': `id=${ids.mcq}`,
    '/api/mcqs/update': `id=${ids.mcq}`,
    '/api/mcqs/delete': `id=${ids.mcq}`,
    '/api/mcqs/getBySubTopics': `subTopicIds=${ids.subTopic}`,
    '/api/reviews/summary': `targetType=PACKAGE&targetId=${ids.package}`,
    '/api/reviews/summaries': `targetType=PACKAGE&targetIds=${ids.package}`,
    '/api/reviews/target': `targetType=PACKAGE&targetId=${ids.package}`,
    '/api/mcq-attempts/getById': `id=${ids.attempt}`,
    '/api/mcq-attempts/overview': `subTopicIds=${ids.subTopic}`,
    '/api/mcq-attempts/byUser': `userId=${ids.user}`,
    '/api/mcq-attempts/bySubTopic': `subTopicId=${ids.subTopic}`,
    '/api/mcq-attempts/byMultipleSubTopicIds': `ids=${ids.subTopic}`,
    '/api/reports/items': `packageId=${ids.package}`,
    '/api/reports/items/export': `packageId=${ids.package}`,
    [`/api/reports/packages/${ids.package}/export`]: 'table=summary',
  }
  if (query[path]) path += `?${query[path]}`
  return path
}

function registeredRoutes() {
  const seen = new Set<string>()
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue
    seen.add(`${route.method} ${route.path.replace(/\/$/, '')}`)
  }
  return [...seen].sort()
}

describe('authorization matrix', () => {
  it('has a rule for every registered API route, and no rule for a route that does not exist', () => {
    const routes = registeredRoutes()
    expect(
      routes.filter((r) => !(r in RULES)),
      'routes without a rule',
    ).toEqual([])
    expect(
      Object.keys(RULES).filter((r) => !routes.includes(r)),
      'rules without a route',
    ).toEqual([])
  })

  it.each(Object.keys(RULES))('%s answers each role as its rule says', async (route) => {
    const [method, pattern] = route.split(' ') as [string, string]
    const rule = RULES[route]!
    const results: string[] = []
    // Denied calls change nothing and the admin goes last, so one fixture serves all four roles; it is
    // rebuilt after any call that may have changed data.
    cached ??= await seed()
    const fixture = cached
    if (!['GET', 'HEAD'].includes(method)) cached = undefined
    for (const role of ROLES) {
      const path = concretePath(pattern, fixture.ids)
      const given = BODIES[route]
      const body = ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : typeof given === 'function' ? given(fixture.ids) : (given ?? {})
      const res = await ctx.request(method, path, { token: fixture.tokens[role], body })
      const want = expected(rule, role)
      const good =
        want === 'ok'
          ? res.status >= 200 && res.status < 300
          : want === 'allowed'
            ? ![401, 403].includes(res.status) && res.status < 500
            : res.status === want
      if (!good) results.push(`${role}: expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`)
    }
    expect(results).toEqual([])
  })
})
