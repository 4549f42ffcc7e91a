import type { HttpBindings } from '@hono/node-server'
import type { JWTVerifyGetKey } from 'jose'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import type { Mailer } from './mail/mailer.ts'
import type { TokenService } from './auth/tokens.ts'
import type { BlobStore } from './storage/blob-store.ts'
import type { FileUrlSigner } from './storage/signed-urls.ts'
import type { RuntimeTokenService } from './scorm/runtime-token.ts'
import type { Role } from '../contract/auth.ts'
import type { Kdf } from './auth/kdf-pool.ts'

/** Everything the app needs from outside, resolved once in server/index.ts (or by the test harness). */
export interface AppDeps {
  config: Config
  db: Db
  clock: () => Date
  /** The JWKS getter Google ID tokens are verified against. */
  googleKeys: JWTVerifyGetKey
  mailer: Mailer
  tokens: TokenService
  /** Uploaded files. */
  store: BlobStore
  /** Signs the expiring URLs the SPA gets for videos, thumbnails and PDFs. */
  fileUrls: FileUrlSigner
  /** Launch tokens of SCORM packages: one user's run of one SCO, on the content origin and the runtime routes only. */
  scormTokens: RuntimeTokenService
  /** log2 of scrypt's N; tests lower it. */
  passwordCost: number
  /** Where passwords are hashed: the bounded pool of server/auth/kdf-pool.ts. */
  kdf: Kdf
  /** Where the built SPA is served from; absent in tests. */
  staticDir?: string
}

export interface AuthUser {
  id: number
  role: Role
}

export interface AppEnv {
  /** Set by @hono/node-server; absent under app.request() in tests. */
  Bindings: Partial<HttpBindings>
  Variables: {
    requestId: string
    user: AuthUser
  }
}
