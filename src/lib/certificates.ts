import { formatDate } from './dates.ts'

/** The public page that checks a certificate, on this site. */
export const verificationLink = (code: string) => `${window.location.origin}/verify/${code}`

/** A certificate's dates read '15 Jan 2027' (UTC, as printed on the PDF). */
export const formatCertificateDate = (value: string) => formatDate(value, 'DD MMM YYYY')
