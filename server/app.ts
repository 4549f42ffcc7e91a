import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppDeps, AppEnv } from './deps.ts'
import { createGuards, type Guards } from './auth/guards.ts'
import { errorResponse, onError, onNotFound } from './http/errors.ts'
import { securityHeaders } from './http/security.ts'
import { mediaOrigin } from './storage/media-urls.ts'
import { spaRoutes } from './http/spa.ts'
import { publicConfigOf } from './system/public-config.ts'
import { compressJson } from './http/compress.ts'
import { oauth2Routes } from './oauth2/routes.ts'
import { userRoutes } from './user/routes.ts'
import { userImportRoutes } from './user-import/routes.ts'
import { systemRoutes } from './system/routes.ts'
import { openApiRoutes } from './openapi/routes.ts'
import { packageRoutes } from './packages/routes.ts'
import { skillRoutes } from './skills/routes.ts'
import { topicRoutes } from './topics/routes.ts'
import { subTopicRoutes } from './subtopics/routes.ts'
import { videoRoutes } from './videos/routes.ts'
import { studyMaterialRoutes } from './study-materials/routes.ts'
import { mcqRoutes } from './mcqs/routes.ts'
import { fileRoutes } from './files/routes.ts'
import { reviewRoutes } from './reviews/routes.ts'
import { commentRoutes } from './comments/routes.ts'
import { attemptRoutes } from './attempts/routes.ts'
import { testSettingsRoutes } from './attempts/settings-routes.ts'
import { gradeExpiredBeforeReads } from './attempts/expiry.ts'
import { testOverviewRoutes } from './attempts/overview-routes.ts'
import { attemptReviewRoutes } from './attempts/attempt-review-routes.ts'
import { reportRoutes } from './reports/routes.ts'
import { progressRoutes } from './progress/routes.ts'
import { searchRoutes } from './search/routes.ts'
import { accessRequestRoutes } from './access-requests/routes.ts'
import { notificationRoutes } from './notifications/routes.ts'
import { certificateRoutes } from './certificates/routes.ts'
import { certificateSettingsRoutes } from './certificates/settings-routes.ts'
import { scormRoutes, scormUploadRoutes } from './scorm/routes.ts'
import { groupRoutes } from './groups/routes.ts'

export const JSON_BODY_LIMIT = 1024 * 1024
const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: (c) => errorResponse(c, 413, 'Request body is larger than the 1 MiB limit'),
})
const isMultipart = (type: string | undefined) => /^multipart\/form-data/i.test(type ?? '')

/**
 * The `/api` sub-app: every resource under its path. Its type (`ApiType`) is what the SPA's typed client
 * (src/api/client.ts) knows of each path, its validated input and its answer.
 */
function apiRoutes(deps: AppDeps, guards: Guards) {
  return (
    new Hono<AppEnv>()
      // Uploads (multipart) are streamed and limited per file by their own routes; every other body is at most 1 MiB.
      .use(async (c, next) => (isMultipart(c.req.header('content-type')) ? next() : jsonLimit(c, next)))
      .use(gradeExpiredBeforeReads(deps))
      .route('/oauth2', oauth2Routes(deps))
      .route('/user', userRoutes(deps, guards))
      .route('/user', userImportRoutes(deps, guards))
      .route('/packages', packageRoutes(deps, guards))
      .route('/packages', certificateSettingsRoutes(deps, guards))
      .route('/skills', skillRoutes(deps, guards))
      .route('/topic', topicRoutes(deps, guards))
      .route('/subTopic', subTopicRoutes(deps, guards))
      .route('/subTopic', testSettingsRoutes(deps, guards))
      .route('/subTopic', scormUploadRoutes(deps, guards))
      .route('/videos', videoRoutes(deps, guards))
      .route('/study-materials', studyMaterialRoutes(deps, guards))
      .route('/mcqs', mcqRoutes(deps, guards))
      .route('/files', fileRoutes(deps))
      .route('/reviews', reviewRoutes(deps, guards))
      .route('/comments', commentRoutes(deps, guards))
      .route('/mcq-attempts', attemptRoutes(deps, guards))
      .route('/mcq-attempts', testOverviewRoutes(deps, guards))
      .route('/mcq-attempts', attemptReviewRoutes(deps, guards))
      .route('/reports', reportRoutes(deps, guards))
      .route('/progress', progressRoutes(deps, guards))
      .route('/search', searchRoutes(deps, guards))
      .route('/access-requests', accessRequestRoutes(deps, guards))
      .route('/notifications', notificationRoutes(deps, guards))
      .route('/certificates', certificateRoutes(deps, guards))
      .route('/scorm', scormRoutes(deps, guards))
      .route('/groups', groupRoutes(deps, guards))
      .route('/', systemRoutes(deps))
  )
}

export type ApiType = ReturnType<typeof apiRoutes>

/** Builds the whole HTTP app from injected dependencies; it reads no environment and starts no server. */
export function createApp(deps: AppDeps) {
  // The API document describes the whole app (it walks the registered routes), so it is mounted here, beside the
  // resources, and stays out of ApiType: the SPA never calls it.
  const api = apiRoutes(deps, createGuards(deps)).route(
    '/',
    openApiRoutes(() => app.routes),
  )

  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    const requestId = randomUUID()
    c.set('requestId', requestId)
    c.header('X-Request-Id', requestId)
    const started = performance.now()
    await next()
    if (deps.config.logRequests) {
      const durationMs = Math.round((performance.now() - started) * 10) / 10
      console.log(JSON.stringify({ level: 'info', requestId, method: c.req.method, path: c.req.path, status: c.res.status, durationMs }))
    }
  })
  app.use(securityHeaders({ mediaOrigin: mediaOrigin(deps.config), contentOrigin: deps.config.scormContent.origin }))
  app.use('/api/*', compressJson())
  app.route('/api', api)
  app.all('/api/*', onNotFound)
  if (deps.staticDir) app.route('/', spaRoutes(deps.staticDir, publicConfigOf(deps.config)))
  app.notFound(onNotFound)
  app.onError(onError)
  return app
}

export type App = ReturnType<typeof createApp>
