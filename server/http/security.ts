import { secureHeaders } from 'hono/secure-headers'

const GSI = 'https://accounts.google.com/gsi/'

export interface SecurityOptions {
  /** Where videos, thumbnails, PDFs and caption files are served from when not from this server (the S3 store or its CDN). */
  mediaOrigin?: string | null
  /** Where SCORM packages play (server/scorm): the viewer frames it, and nothing else. */
  contentOrigin?: string
}

/** Security headers; the CSP allows Google Identity Services, the media store's origin, and nothing else external. */
export const securityHeaders = ({ mediaOrigin, contentOrigin }: SecurityOptions = {}) => {
  const media = mediaOrigin ? [mediaOrigin] : []
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `${GSI}client`],
      styleSrc: ["'self'", "'unsafe-inline'", `${GSI}style`],
      frameSrc: [GSI, ...(contentOrigin ? [contentOrigin] : [])],
      // The transcript reads a caption file with fetch, from the store like the <track> beside it.
      connectSrc: ["'self'", GSI, ...media],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', ...media],
      mediaSrc: ["'self'", 'blob:', ...media],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  })
}
