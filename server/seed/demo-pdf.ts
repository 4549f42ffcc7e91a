/**
 * A small, valid one-page PDF (A4, Helvetica) with a title and paragraphs: the demo study notes. Written by
 * hand so the seed needs no PDF library; text is limited to printable ASCII (anything else becomes '?').
 */
export function notesPdf(title: string, paragraphs: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)
  const lines: { text: string; size: number; gap: number }[] = [{ text: title, size: 20, gap: 34 }]
  for (const paragraph of paragraphs) {
    for (const [i, text] of wrap(paragraph, 88).entries()) lines.push({ text, size: 11, gap: i === 0 ? 22 : 15 })
  }
  lines.push({ text: 'Learnpack demo content.', size: 9, gap: 40 })

  let y = 800
  const content = ['BT', '/F1 20 Tf']
  let first = true
  for (const line of lines) {
    if (first) {
      content.push(`1 0 0 1 56 ${y} Tm`)
      first = false
    } else {
      y -= line.gap
      content.push(`/F1 ${line.size} Tf`, `1 0 0 1 56 ${y} Tm`)
    }
    content.push(`(${pdfText(line.text)}) Tj`)
  }
  content.push('ET')
  const stream = content.join('\n')

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Learnpack) >>`,
  ]
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

function wrap(text: string, width: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) out.push(line)
  return out
}
