import type { Context } from 'hono'
import type { AppEnv } from '../deps.ts'
import type { UploadRequest } from '../storage/multipart.ts'

/** The request of an upload route, with the Node socket's stream when there is one (see storage/multipart.ts). */
export const uploadRequest = (c: Context<AppEnv>): UploadRequest => ({ raw: c.req.raw, incoming: c.env?.incoming })
