import { formatDate } from './dates.ts'

/** The public page that checks a certificate, on this site. */
export const verificationLink = (code: string) => `${window.location.origin}/verify/${code}`

/**
 * A certificate's dates as calendar days in the viewer's time zone, '5 Mar 2027', as due dates are shown (always
 * with the year: a certificate is read long after it was issued).
 */
export const formatCertificateDate = (value: string) => formatDate(value, 'D MMM YYYY')
