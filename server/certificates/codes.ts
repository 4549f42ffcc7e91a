import { randomBytes } from 'node:crypto'

/** Random bytes in a verification code: 144 bits, 24 URL-safe characters. */
const CODE_BYTES = 18

/** A new public verification code: unguessable, URL-safe, never derived from the certificate's data. */
export const newCertificateCode = () => randomBytes(CODE_BYTES).toString('base64url')
