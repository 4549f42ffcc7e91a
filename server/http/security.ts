import { secureHeaders } from 'hono/secure-headers'

const GSI = 'https://accounts.google.com/gsi/'

/** Security headers; the CSP allows Google Identity Services and nothing else external. */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `${GSI}client`],
      styleSrc: ["'self'", "'unsafe-inline'", `${GSI}style`],
      frameSrc: [GSI],
      connectSrc: ["'self'", GSI],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
      mediaSrc: ["'self'", 'blob:'],
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
