/** The token of an `Authorization: Bearer <token>` header; undefined without one. */
export const bearerToken = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1]
