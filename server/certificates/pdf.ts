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

/** The certificate as a one-page A4 landscape PDF: who, what, when, until when, and how to check it (URL and QR code). */
export async function renderCertificatePdf(content: CertificatePdfContent): Promise<Buffer> {
  const qr = await QRCode.toBuffer(content.verifyUrl, { type: 'png', margin: 1, width: 360, errorCorrectionLevel: 'M' })
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: `Certificate: ${content.packageTitle}`, Author: 'Learnpack', Subject: content.learnerName },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const { width, height } = doc.page
  const inner = width - 2 * 56
  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(28, 28, width - 56, height - 56)
    .stroke()
  doc
    .lineWidth(0.75)
    .rect(36, 36, width - 72, height - 72)
    .stroke()

  doc.moveDown(1.5)
  doc.font('Helvetica-Bold').fontSize(30).fillColor(ACCENT).text('Certificate of completion', { align: 'center', width: inner })
  doc.moveDown(1)
  doc.font('Helvetica').fontSize(14).fillColor(MUTED).text('This certifies that', { align: 'center', width: inner })
  doc.moveDown(0.5)
  doc.font('Helvetica-Bold').fontSize(26).fillColor(INK).text(content.learnerName, { align: 'center', width: inner })
  doc.moveDown(0.5)
  doc.font('Helvetica').fontSize(14).fillColor(MUTED).text('has completed', { align: 'center', width: inner })
  doc.moveDown(0.5)
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(content.packageTitle, { align: 'center', width: inner })
  doc.moveDown(1.2)
  const validity = content.expiresAt ? `Valid until ${formatDueDate(content.expiresAt)}` : 'Does not expire'
  doc
    .font('Helvetica')
    .fontSize(13)
    .fillColor(INK)
    .text(`Issued ${formatDueDate(content.issuedAt)}   ·   ${validity}`, { align: 'center', width: inner })
  if (content.revokedAt) {
    doc.moveDown(0.5)
    doc
      .font('Helvetica-Bold')
      .fillColor('#b42318')
      .text(`Revoked on ${formatDueDate(content.revokedAt)}`, { align: 'center', width: inner })
  }

  const qrSize = 110
  const bottom = height - 56 - qrSize - 8
  doc.image(qr, 56 + 8, bottom, { width: qrSize, height: qrSize })
  const textX = 56 + 8 + qrSize + 16
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text('Verify this certificate', textX, bottom + 22)
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(ACCENT)
    .text(content.verifyUrl, textX, bottom + 40, { link: content.verifyUrl, underline: true, lineBreak: false })
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(`Code ${content.code}`, textX, bottom + 58, { lineBreak: false })
  doc.end()
  return done
}
