import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { formatDueDate } from '../reminders/wording.ts'

export interface CertificatePdfContent {
  learnerName: string
  packageTitle: string
  issuedAt: Date
  expiresAt: Date | null
  revokedAt: Date | null
  verifyUrl: string
  code: string
}

const INK = '#1f2933'
const MUTED = '#52606d'
const ACCENT = '#2b6cb0'
const REVOKED = '#b42318'

const MARGIN = 56
const QR_SIZE = 110

type Doc = InstanceType<typeof PDFDocument>

/** One centred block of the body: its text, font, colour, the size range it may shrink within and its room. */
interface Line {
  text: string
  font: 'Helvetica' | 'Helvetica-Bold'
  color: string
  size: number
  /** A long name or title shrinks down to this size to stay within `maxLines` lines at its full size. */
  minSize?: number
  maxLines?: number
  /** Space above the line, in points. */
  gap: number
}

/**
 * The largest size from `line.size` down to `line.minSize` at which the text fits in `maxLines` lines of the full
 * size; names and titles run up to 120 and 200 characters, and must never reach the footer.
 */
function fittedSize(doc: Doc, line: Line, width: number): number {
  const { size, minSize = size, maxLines = Number.POSITIVE_INFINITY } = line
  const room = doc.font(line.font).fontSize(size).currentLineHeight(true) * maxLines
  for (let s = size; s > minSize; s -= 1) if (doc.fontSize(s).heightOfString(line.text, { width, align: 'center' }) <= room) return s
  return minSize
}

/** The certificate as a one-page A4 landscape PDF: who, what, when, until when, and how to check it (URL and QR code). */
export async function renderCertificatePdf(content: CertificatePdfContent): Promise<Buffer> {
  const qr = await QRCode.toBuffer(content.verifyUrl, { type: 'png', margin: 1, width: 360, errorCorrectionLevel: 'M' })
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `Certificate: ${content.packageTitle}`, Author: 'Learnpack', Subject: content.learnerName },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const { width, height } = doc.page
  const inner = width - 2 * MARGIN
  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(28, 28, width - 56, height - 56)
    .stroke()
  doc
    .lineWidth(0.75)
    .rect(36, 36, width - 72, height - 72)
    .stroke()

  doc.font('Helvetica-Bold').fontSize(30).fillColor(ACCENT).text('Certificate of completion', MARGIN, 76, { align: 'center', width: inner })
  const bodyTop = doc.y + 12
  const footerTop = height - MARGIN - QR_SIZE - 8

  const validity = content.expiresAt ? `Valid until ${formatDueDate(content.expiresAt)}` : 'Does not expire'
  const lines: Line[] = [
    { text: 'This certifies that', font: 'Helvetica', color: MUTED, size: 14, gap: 0 },
    { text: content.learnerName, font: 'Helvetica-Bold', color: INK, size: 26, minSize: 14, maxLines: 2, gap: 8 },
    { text: 'has completed', font: 'Helvetica', color: MUTED, size: 14, gap: 10 },
    { text: content.packageTitle, font: 'Helvetica-Bold', color: INK, size: 20, minSize: 11, maxLines: 3, gap: 8 },
    { text: `Issued ${formatDueDate(content.issuedAt)}   ·   ${validity}`, font: 'Helvetica', color: INK, size: 13, gap: 18 },
  ]
  if (content.revokedAt)
    lines.push({ text: `Revoked on ${formatDueDate(content.revokedAt)}`, font: 'Helvetica-Bold', color: REVOKED, size: 13, gap: 6 })

  // The body is centred in the space between the heading and the footer.
  const sized = lines.map((line) => ({ ...line, size: fittedSize(doc, line, inner) }))
  const heights = sized.map((line) => doc.font(line.font).fontSize(line.size).heightOfString(line.text, { width: inner, align: 'center' }))
  const total = sized.reduce((sum, line, i) => sum + line.gap + heights[i]!, 0)
  let y = bodyTop + Math.max(0, (footerTop - 16 - bodyTop - total) / 2)
  for (const [i, line] of sized.entries()) {
    y += line.gap
    doc.font(line.font).fontSize(line.size).fillColor(line.color).text(line.text, MARGIN, y, { align: 'center', width: inner })
    y += heights[i]!
  }

  doc.image(qr, MARGIN + 8, footerTop, { width: QR_SIZE, height: QR_SIZE })
  const textX = MARGIN + 8 + QR_SIZE + 16
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text('Verify this certificate', textX, footerTop + 22, { lineBreak: false })
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(ACCENT)
    .text(content.verifyUrl, textX, footerTop + 40, { link: content.verifyUrl, lineBreak: false })
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(`Code ${content.code}`, textX, footerTop + 58, { lineBreak: false })
  doc.end()
  return done
}
