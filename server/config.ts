import { z } from 'zod'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { DEFAULT_CURRENCY } from '../contract/rules.ts'

const DURATION = /^(\d+)(ms|s|m|h|d)$/
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** Parses '10s', '15m', '12h' … into seconds. */
export function parseDuration(value: string): number | null {
  const match = DURATION.exec(value.trim())
  if (!match) return null
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]
  return ms >= 1000 ? Math.floor(ms / 1000) : null
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v))

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const url = z.url({ error: 'must be a URL' })

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_TTL: z
    .string()
    .default('12h')
    .transform((v, ctx) => {
      const seconds = parseDuration(v)
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: "must be a duration such as '10s', '15m' or '12h'" })
        return z.NEVER
      }
      return seconds
    }),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_DEMO: optionalText.pipe(flag.optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: url.default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com,accounts.google.com'),
  APP_URL: optionalText.pipe(url.optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Learnpack <no-reply@learnpack.local>'),
  TRUST_PROXY: optionalText.pipe(flag.optional()).transform((v) => v ?? false),
  TRUST_PROXY_HOPS: z.coerce
    .number({ error: 'must be a whole number of proxies' })
    .int({ error: 'must be a whole number of proxies' })
    .min(1, 'must be at least 1')
    .max(10, 'must be at most 10')
    .default(1),
  LOG_REQUESTS: optionalText.pipe(flag.optional()).transform((v) => v ?? true),
  MAX_VIDEO_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  FILE_URL_TTL: z
    .string()
    .default('1h')
    .transform((v, ctx) => {
      const seconds = parseDuration(v)
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: "must be a duration such as '15m' or '1h'" })
        return z.NEVER
      }
      return seconds
    }),
  S3_ENDPOINT: optionalText.pipe(url.optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(url.optional()),
  AUTH_REQUIRE_VERIFIED_EMAIL: optionalText.pipe(flag.optional()).transform((v) => v ?? false),
  TREE_CACHE_BYTES: z.coerce
    .number({ error: 'must be a number of bytes (0 turns the cache off)' })
    .int({ error: 'must be a whole number of bytes' })
    .min(0, 'must be 0 (off) or a number of bytes')
    .default(64 * 1024 ** 2),
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .default(DEFAULT_CURRENCY)
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'must be an ISO 4217 currency code such as INR, USD or EUR'),
  REGISTRATIONS_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number of registrations' })
    .int({ error: 'must be a whole number of registrations' })
    .positive('must be at least 1')
    .default(20),
  SCORM_CONTENT_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be a port number')
      .optional(),
  ),
  SCORM_CONTENT_ORIGIN: optionalText.pipe(
    url.refine((v) => new URL(v).origin === v.replace(/\/$/, ''), 'must be an origin (scheme, host and port, no path)').optional(),
  ),
  SCHEDULER_TICK_S: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(60),
  PASSWORD_HASH_THREADS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a whole number of threads' })
      .int({ error: 'must be a whole number of threads' })
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64')
      .optional(),
  ),
  PASSWORD_HASH_QUEUE: z.coerce
    .number({ error: 'must be a whole number of sign-ins' })
    .int({ error: 'must be a whole number of sign-ins' })
    .min(0, 'must be 0 or more')
    .max(1000, 'must be at most 1000')
    .default(8),
})

export interface Config {
  port: number
  dataDir: string
  databaseUrl: string | undefined
  jwtSecret: string | undefined
  jwtTtlSeconds: number
  admin: { email: string; password: string } | undefined
  seedDemo: boolean
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] }
  appUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  trustProxy: boolean
  /** How many proxies in front append to X-Forwarded-For: the client's address is that many entries from the right. */
  trustProxyHops: number
  logRequests: boolean
  uploads: { maxVideoBytes: number; maxPdfBytes: number; maxImageBytes: number; maxSheetBytes: number }
  fileUrlTtlSeconds: number
  /** Set when files go to an S3-compatible store instead of DATA_DIR/files. */
  s3:
    | {
        endpoint: string | undefined
        bucket: string
        region: string
        accessKeyId: string
        secretAccessKey: string
        /** Media URLs start with this instead of the store's address (a CDN in front of the bucket). */
        publicUrl?: string
      }
    | undefined
  /** Refuse password sign-in until the e-mail address is verified. */
  requireVerifiedEmail: boolean
  /** Bytes of serialised package trees kept in memory (server/content/tree-cache.ts); 0 turns the cache off. */
  treeCacheBytes: number
  /** Accounts one client address may register in an hour (a school behind one NAT needs more than the default). */
  registrationsPerHour: number
  /** ISO 4217 code of the currency prices are in; only how they are shown depends on it. */
  currency: string
  /**
   * Where SCORM packages and their launcher are served: another origin than the app's, so a package's scripts can
   * read nothing of the app (server/scorm). `port` is where this server listens for it (null: not here, e.g. tests).
   */
  scormContent: { origin: string; port: number | null }
  /** How often the timed jobs (reminders, expired sittings) run, across all instances together. */
  schedulerTickSeconds: number
  /**
   * Password hashing (server/auth/kdf-pool.ts): threads of its own (by default one fewer than the cores, so the
   * main thread keeps one) and how many hashes may wait for one; past that, 503 with Retry-After.
   */
  passwordHashing: { threads: number; queue: number }
}

export class ConfigError extends Error {}

/** By default the next port after the app's, on localhost; behind a proxy, the public origin mapped to that port. */
function scormContentOf(appPort: number, port: number | undefined, origin: string | undefined): Config['scormContent'] {
  const listen = port ?? (appPort === 0 ? 0 : appPort + 1)
  return { origin: (origin ?? `http://localhost:${listen}`).replace(/\/$/, ''), port: listen }
}

/** Reads and validates the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`)
  }
  const e = parsed.data
  const s3Vars = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY]
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together')
  }
  return {
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuers: e.GOOGLE_ISSUER.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logRequests: e.LOG_REQUESTS,
    requireVerifiedEmail: e.AUTH_REQUIRE_VERIFIED_EMAIL,
    treeCacheBytes: e.TREE_CACHE_BYTES,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    currency: e.CURRENCY,
    schedulerTickSeconds: e.SCHEDULER_TICK_S,
    passwordHashing: { threads: e.PASSWORD_HASH_THREADS ?? Math.max(1, availableParallelism() - 1), queue: e.PASSWORD_HASH_QUEUE },
    scormContent: scormContentOf(e.PORT, e.SCORM_CONTENT_PORT, e.SCORM_CONTENT_ORIGIN),
    uploads: { maxVideoBytes: e.MAX_VIDEO_BYTES, maxPdfBytes: 50 * 1024 ** 2, maxImageBytes: 5 * 1024 ** 2, maxSheetBytes: 10 * 1024 ** 2 },
    fileUrlTtlSeconds: e.FILE_URL_TTL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          ...(e.S3_PUBLIC_URL ? { publicUrl: e.S3_PUBLIC_URL.replace(/\/$/, '') } : {}),
        }
      : undefined,
  }
}
