import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError, loadConfig, parseDuration } from './config.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return err as ConfigError
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.jwtTtlSeconds).toBe(43_200)
    expect(config.dataDir).toBe(path.resolve('./data'))
    expect(config.databaseUrl).toBeUndefined()
    expect(config.jwtSecret).toBeUndefined()
    expect(config.admin).toBeUndefined()
    expect(config.seedDemo).toBe(true)
    expect(config.google).toEqual({
      clientId: undefined,
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    })
    expect(config.appUrl).toBe('http://localhost:3000')
    expect(config.smtpUrl).toBeUndefined()
    expect(config.mailFrom).toMatch(/@/)
    expect(config.trustProxy).toBe(false)
    expect(config.trustProxyHops).toBe(1)
    expect(config.logRequests).toBe(true)
    expect(config.treeCacheBytes).toBe(64 * 1024 ** 2)
    expect(loadConfig({ TREE_CACHE_BYTES: '0' }).treeCacheBytes).toBe(0)
    expect(config.registrationsPerHour).toBe(20)
    expect(config.currency).toBe('INR')
    expect(config.schedulerTickSeconds).toBe(60)
    expect(loadConfig({ SCHEDULER_TICK_S: '5' }).schedulerTickSeconds).toBe(5)
    expect(configError({ SCHEDULER_TICK_S: '0' }).message).toContain('SCHEDULER_TICK_S: must be at least 1')
    expect(configError({ SCHEDULER_TICK_S: '1.5' }).message).toContain('SCHEDULER_TICK_S: must be a whole number of seconds')
    expect(config.passwordHashing).toEqual({ threads: Math.max(1, availableParallelism() - 1), queue: 8 })
    expect(configError({ PASSWORD_HASH_THREADS: '0' }).message).toContain('PASSWORD_HASH_THREADS: must be at least 1')
    expect(configError({ PASSWORD_HASH_THREADS: 'two' }).message).toContain('PASSWORD_HASH_THREADS: must be a whole number of threads')
    expect(configError({ PASSWORD_HASH_QUEUE: '-1' }).message).toContain('PASSWORD_HASH_QUEUE: must be 0 or more')
    expect(loadConfig({ PASSWORD_HASH_THREADS: '', PASSWORD_HASH_QUEUE: '0' }).passwordHashing.queue).toBe(0)
  })

  it('treats empty values as unset', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      JWT_SECRET: ' ',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      GOOGLE_CLIENT_ID: '',
      SMTP_URL: '',
      SEED_DEMO: '',
    })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.jwtSecret).toBeUndefined()
    expect(config.admin).toBeUndefined()
    expect(config.google.clientId).toBeUndefined()
    expect(config.seedDemo).toBe(true)
  })

  it('seeds demo data by default only for the embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true)
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/learnpack' }).seedDemo).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db/learnpack', SEED_DEMO: 'true' }).seedDemo).toBe(true)
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false)
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false)
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/learnpack',
      DATABASE_URL: 'postgres://app@db:5432/learnpack',
      JWT_SECRET: 's'.repeat(32),
      JWT_TTL: '15m',
      ADMIN_EMAIL: 'Admin@Example.com',
      ADMIN_PASSWORD: 'admin-password',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9999/certs',
      GOOGLE_ISSUER: 'https://issuer.test',
      APP_URL: 'https://learn.example.com/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Learn <learn@example.com>',
      TRUST_PROXY: 'yes',
      TRUST_PROXY_HOPS: '2',
      LOG_REQUESTS: 'no',
      MAX_VIDEO_BYTES: '1073741824',
      FILE_URL_TTL: '15m',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'learnpack-files',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      AUTH_REQUIRE_VERIFIED_EMAIL: 'true',
      TREE_CACHE_BYTES: '1048576',
      REGISTRATIONS_PER_HOUR: '200',
      CURRENCY: 'usd',
      SCHEDULER_TICK_S: '30',
      PASSWORD_HASH_THREADS: '3',
      PASSWORD_HASH_QUEUE: '20',
      SCORM_CONTENT_PORT: '8090',
      SCORM_CONTENT_ORIGIN: 'https://content.learn-example.net/',
    })
    expect(config).toEqual({
      port: 8080,
      dataDir: '/var/lib/learnpack',
      databaseUrl: 'postgres://app@db:5432/learnpack',
      jwtSecret: 's'.repeat(32),
      jwtTtlSeconds: 900,
      admin: { email: 'admin@example.com', password: 'admin-password' },
      seedDemo: false,
      google: { clientId: 'abc.apps.googleusercontent.com', jwksUrl: 'http://127.0.0.1:9999/certs', issuers: ['https://issuer.test'] },
      appUrl: 'https://learn.example.com',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Learn <learn@example.com>',
      trustProxy: true,
      trustProxyHops: 2,
      logRequests: false,
      uploads: { maxVideoBytes: 1024 ** 3, maxPdfBytes: 50 * 1024 ** 2, maxImageBytes: 5 * 1024 ** 2, maxSheetBytes: 10 * 1024 ** 2 },
      fileUrlTtlSeconds: 900,
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'learnpack-files',
        region: 'eu-west-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret-key',
      },
      requireVerifiedEmail: true,
      treeCacheBytes: 1024 ** 2,
      registrationsPerHour: 200,
      currency: 'USD',
      schedulerTickSeconds: 30,
      passwordHashing: { threads: 3, queue: 20 },
      scormContent: { origin: 'https://content.learn-example.net', port: 8090 },
    })
  })

  it('media defaults: 2 GiB videos, 1 h file links, local disk storage; S3 without endpoint or region means AWS us-east-1', () => {
    const config = loadConfig({})
    expect(config.uploads.maxVideoBytes).toBe(2 * 1024 ** 3)
    expect(config.fileUrlTtlSeconds).toBe(3600)
    expect(config.s3).toBeUndefined()
    expect(loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    })
  })

  it('S3_PUBLIC_URL (a CDN in front of the bucket) is read without its trailing slash; not a URL is refused', () => {
    const s3 = { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }
    expect(loadConfig({ ...s3, S3_PUBLIC_URL: 'https://media.example.org/' }).s3?.publicUrl).toBe('https://media.example.org')
    expect(configError({ ...s3, S3_PUBLIC_URL: 'media.example.org' }).message).toContain('S3_PUBLIC_URL: must be a URL')
  })

  it('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together', () => {
    expect(configError({ S3_BUCKET: 'b' }).message).toContain('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
    expect(configError({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }).message).toContain('S3_SECRET_ACCESS_KEY')
  })

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['JWT_TTL', { JWT_TTL: 'forever' }],
    ['JWT_TTL', { JWT_TTL: '12' }],
    ['JWT_TTL', { JWT_TTL: '500ms' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'admin-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'admin-password' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['GOOGLE_JWKS_URL', { GOOGLE_JWKS_URL: 'not a url' }],
    ['APP_URL', { APP_URL: 'learn.example.com' }],
    ['SMTP_URL', { SMTP_URL: 'http://x' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'sometimes' }],
    ['TRUST_PROXY_HOPS', { TRUST_PROXY_HOPS: '0' }],
    ['TRUST_PROXY_HOPS', { TRUST_PROXY_HOPS: 'two' }],
    ['TRUST_PROXY_HOPS', { TRUST_PROXY_HOPS: '1.5' }],
    ['TRUST_PROXY_HOPS', { TRUST_PROXY_HOPS: '11' }],
    ['MAX_VIDEO_BYTES', { MAX_VIDEO_BYTES: 'lots' }],
    ['MAX_VIDEO_BYTES', { MAX_VIDEO_BYTES: '0' }],
    ['FILE_URL_TTL', { FILE_URL_TTL: 'an hour' }],
    ['TREE_CACHE_BYTES', { TREE_CACHE_BYTES: '-1' }],
    ['TREE_CACHE_BYTES', { TREE_CACHE_BYTES: 'big' }],
    ['TREE_CACHE_BYTES', { TREE_CACHE_BYTES: '1.5' }],
    ['REGISTRATIONS_PER_HOUR', { REGISTRATIONS_PER_HOUR: '0' }],
    ['REGISTRATIONS_PER_HOUR', { REGISTRATIONS_PER_HOUR: 'many' }],
    ['S3_ENDPOINT', { S3_ENDPOINT: 'not a url' }],
    ['CURRENCY', { CURRENCY: 'rupees' }],
    ['CURRENCY', { CURRENCY: 'XQQ' }],
  ])('a bad %s stops with a ConfigError naming it (%j)', (name, env) => {
    expect(configError(env).message).toContain(name)
  })

  it('names every bad variable at once', () => {
    const message = configError({ PORT: 'abc', JWT_TTL: 'forever', SMTP_URL: 'http://x' }).message
    expect(message).toContain('PORT')
    expect(message).toContain('JWT_TTL')
    expect(message).toContain('SMTP_URL')
  })
})

describe('parseDuration', () => {
  it.each([
    ['10s', 10],
    ['15m', 900],
    ['12h', 43_200],
    ['2d', 172_800],
    ['1500ms', 1],
    [' 30s ', 30],
  ])('%s is %i seconds', (value, seconds) => {
    expect(parseDuration(value)).toBe(seconds)
  })

  it.each(['', 'forever', '10', '10 s', '-5m', '1.5h', '999ms', '0s', 'h'])('%j is not a duration', (value) => {
    expect(parseDuration(value)).toBeNull()
  })
})

describe('server/index.ts', () => {
  it('a bad value stops the server with a non-zero exit and a message naming the variable', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'learnpack-config-'))
    try {
      const result = spawnSync(process.execPath, ['server/index.ts'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: 'abc', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      })
      const outcome = `status ${result.status}, signal ${result.signal}, stderr: ${result.stderr}`
      expect(result.error).toBeUndefined()
      expect(result.status, outcome).toBe(1)
      expect(result.stderr).toContain('PORT')
      expect(result.stderr).toMatch(/must be a port number/)
      expect(result.stdout).not.toMatch(/running at/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
