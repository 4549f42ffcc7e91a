import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { formatDueDate } from '../reminders/wording.ts'
import { type Face, mainFace, type Run, runsOf, type Weight } from './fonts.ts'

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

/** One centred block of the body: its text, weight, colour, the size range it may shrink within and its room. */
interface Line {
  text: string
  weight: Weight
  color: string
  size: number
  /** A long name or title shrinks down to this size to stay within `maxLines` lines at its full size. */
  minSize?: number
  maxLines?: number
  /** Space above the line, in points. */
  gap: number
}

/** The height of a line of text at `size`, and its baseline's distance below the line's top, from Noto Sans. */
function metrics(weight: Weight, size: number) {
  const { unitsPerEm, ascent, descent, lineGap } = mainFace(weight).font
  return { height: ((ascent - descent + lineGap) / unitsPerEm) * size, ascent: (ascent / unitsPerEm) * size }
}

function inFace(doc: Doc, face: Face, size: number) {
  // pdfkit takes a parsed fontkit font as it takes a file; its types only list files.
  return doc.font(face.font as unknown as Buffer, face.key, size)
}

/**
 * Noto Sans's glyph composition splits some precomposed letters (Vietnamese 'ị') into a letter and a mark that a
 * PDF reader can no longer copy or search as the letter; the texts are NFC and the fonts hold the precomposed glyphs.
 * pdfkit passes the features to fontkit, which also takes this on/off form; pdfkit's types only list the other.
 */
const FEATURES = { ccmp: false } as unknown as PDFKit.Mixins.TextOptions['features']

const widthOf = (doc: Doc, runs: readonly Run[], size: number) =>
  runs.reduce((sum, run) => sum + inFace(doc, run.face, size).widthOfString(run.text, { features: FEATURES }), 0)

/**
 * The text broken into lines no wider than `width`: at spaces, and inside a word only when the word alone is wider
 * than a line (a long name written without spaces, as Chinese names are).
 */
function wrap(doc: Doc, text: string, weight: Weight, size: number, width: number): string[] {
  const measure = (value: string) => widthOf(doc, runsOf(value, weight), size)
  const lines: string[] = []
  let line = ''
  const push = () => {
    if (line.trim()) lines.push(line.trim())
    line = ''
  }
  for (const token of text.match(/\s+|\S+/g) ?? []) {
    if (!line.trim() || measure(`${line}${token}`.trimEnd()) <= width) line += token
    else {
      push()
      line = token.trim() ? token : ''
    }
    if (measure(line.trim()) <= width) continue
    // one word wider than the line: as many characters as fit on each line
    const word = line.trim()
    line = ''
    let used = 0
    for (const char of word) {
      const added = measure(char)
      if (line && !/^\p{M}$/u.test(char) && used + added > width) {
        push()
        used = 0
      }
      line += char
      used += added
    }
  }
  push()
  return lines
}

/**
 * The largest size from `line.size` down to `line.minSize` at which the text fits in `maxLines` lines of the full
 * size; names and titles run up to 120 and 200 characters, and must never reach the footer.
 */
function fittedSize(doc: Doc, line: Line, width: number): number {
  const { size, minSize = size, maxLines = Number.POSITIVE_INFINITY } = line
  const room = metrics(line.weight, size).height * maxLines
  for (let s = size; s > minSize; s -= 1)
    if (wrap(doc, line.text, line.weight, s, width).length * metrics(line.weight, s).height <= room) return s
  return minSize
}

/** Draws one line of text from `x`, its top at `top`, each run in its face on one baseline. Returns its width. */
function drawRuns(doc: Doc, runs: readonly Run[], weight: Weight, size: number, x: number, top: number, link?: string): number {
  const baseline = top + metrics(weight, size).ascent
  let at = x
  for (const run of runs) {
    inFace(doc, run.face, size).text(run.text, at, baseline, {
      lineBreak: false,
      baseline: 'alphabetic',
      features: FEATURES,
      ...(link ? { link } : {}),
    })
    at += doc.widthOfString(run.text, { features: FEATURES })
  }
  return at - x
}

/** Draws a block centred in `width` from `left`; returns its height. */
function drawCentred(doc: Doc, text: string, weight: Weight, size: number, left: number, top: number, width: number): number {
  const lineHeight = metrics(weight, size).height
  const lines = wrap(doc, text, weight, size, width)
  for (const [i, line] of lines.entries()) {
    const runs = runsOf(line, weight)
    drawRuns(doc, runs, weight, size, left + (width - widthOf(doc, runs, size)) / 2, top + i * lineHeight)
  }
  return lines.length * lineHeight
}

/**
 * The certificate as a one-page A4 landscape PDF: who, what, when, until when, and how to check it (URL and QR code).
 * Every text is in Noto Sans, with Noto Sans SC for the Chinese and Japanese characters Noto Sans lacks.
 */
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

  doc.fillColor(ACCENT)
  const bodyTop = 76 + drawCentred(doc, 'Certificate of completion', 'bold', 30, MARGIN, 76, inner) + 12
  const footerTop = height - MARGIN - QR_SIZE - 8

  const validity = content.expiresAt ? `Valid until ${formatDueDate(content.expiresAt)}` : 'Does not expire'
  const lines: Line[] = [
    { text: 'This certifies that', weight: 'regular', color: MUTED, size: 14, gap: 0 },
    { text: content.learnerName, weight: 'bold', color: INK, size: 26, minSize: 14, maxLines: 2, gap: 8 },
    { text: 'has completed', weight: 'regular', color: MUTED, size: 14, gap: 10 },
    { text: content.packageTitle, weight: 'bold', color: INK, size: 20, minSize: 11, maxLines: 3, gap: 8 },
    { text: `Issued ${formatDueDate(content.issuedAt)}   ·   ${validity}`, weight: 'regular', color: INK, size: 13, gap: 18 },
  ]
  if (content.revokedAt)
    lines.push({ text: `Revoked on ${formatDueDate(content.revokedAt)}`, weight: 'bold', color: REVOKED, size: 13, gap: 6 })

  // The body is centred in the space between the heading and the footer.
  const sized = lines.map((line) => ({ ...line, size: fittedSize(doc, line, inner) }))
  const heights = sized.map((line) => wrap(doc, line.text, line.weight, line.size, inner).length * metrics(line.weight, line.size).height)
  const total = sized.reduce((sum, line, i) => sum + line.gap + heights[i]!, 0)
  let y = bodyTop + Math.max(0, (footerTop - 16 - bodyTop - total) / 2)
  for (const line of sized) {
    y += line.gap
    doc.fillColor(line.color)
    y += drawCentred(doc, line.text, line.weight, line.size, MARGIN, y, inner)
  }

  doc.image(qr, MARGIN + 8, footerTop, { width: QR_SIZE, height: QR_SIZE })
  const textX = MARGIN + 8 + QR_SIZE + 16
  doc.fillColor(INK)
  drawRuns(doc, runsOf('Verify this certificate', 'bold'), 'bold', 11, textX, footerTop + 22)
  doc.fillColor(ACCENT)
  drawRuns(doc, runsOf(content.verifyUrl, 'regular'), 'regular', 10, textX, footerTop + 40, content.verifyUrl)
  doc.fillColor(MUTED)
  drawRuns(doc, runsOf(`Code ${content.code}`, 'regular'), 'regular', 9, textX, footerTop + 58)
  doc.end()
  return done
}
