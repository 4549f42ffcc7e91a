import busboy from 'busboy'
import { BoundarySearch, replaceBoundarySearch } from './boundary-search.ts'

/** A small deterministic generator, so a failing case can be replayed from its seed. */
function random(seed: number) {
  let x = seed || 1
  return (below: number) => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) % below
  }
}

/** Bytes made mostly of the needle's own pieces, so boundaries and near-boundaries fall across chunk edges. */
function haystack(next: (below: number) => number, needle: Buffer): Buffer {
  const parts: Buffer[] = []
  for (let i = next(30); i > 0; i--) {
    const choice = next(4)
    if (choice === 0) parts.push(needle)
    else if (choice === 1) parts.push(needle.subarray(0, 1 + next(needle.length - 1)))
    else if (choice === 2) parts.push(needle.subarray(next(needle.length)))
    else parts.push(Buffer.from([next(256), 13, 10, 45].slice(0, 1 + next(4))))
  }
  return Buffer.concat(parts)
}

/** Random cut points, so the same bytes arrive in chunks of 0 to 12 bytes. */
function chunked(next: (below: number) => number, bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = []
  for (let at = 0; at < bytes.length; ) {
    const size = Math.min(bytes.length - at, next(13))
    chunks.push(Buffer.from(bytes.subarray(at, at + size)))
    at += size
  }
  return chunks
}

/** Runs a search over chunks; answers the bytes between boundaries, one string per stretch (the last one unended). */
function search(needle: Buffer, chunks: Buffer[]): string[] {
  const stretches: Buffer[][] = [[]]
  const found = new BoundarySearch(needle, (isMatch, data, start, end) => {
    if (data) stretches.at(-1)!.push(Buffer.from(data.subarray(start, end)))
    if (isMatch) stretches.push([])
  })
  for (const chunk of chunks) found.push(chunk)
  found.destroy()
  return stretches.map((parts) => Buffer.concat(parts).toString('latin1'))
}

describe('BoundarySearch', () => {
  it('splits any chunking of any bytes exactly where the whole bytes split on the boundary', () => {
    const needle = Buffer.from('\r\n--xy-\r')
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed)
      const bytes = haystack(next, needle)
      const expected = bytes.toString('latin1').split(needle.toString('latin1'))
      expect({ seed, stretches: search(needle, chunked(next, bytes)) }).toEqual({ seed, stretches: expected })
    }
  })

  it('counts matches and passes a tail that never became a boundary on at the end', () => {
    const needle = Buffer.from('\r\n--b')
    expect(search(needle, [Buffer.from('a\r\n--b'), Buffer.from('c\r\n-')])).toEqual(['a', 'c\r\n-'])
  })
})

/** Parses a multipart body with busboy, its boundary search replaced or not; answers each part's name and content. */
async function parse(body: Buffer[], boundary: string, replaced: boolean): Promise<string[]> {
  const parser = busboy({ headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
  if (replaced) expect(replaceBoundarySearch(parser)).toBe(true)
  const parts: string[] = []
  parser.on('file', (name, stream) => {
    const index = parts.push('') - 1
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => (parts[index] = `${name}=${Buffer.concat(chunks).toString('latin1')}`))
  })
  parser.on('field', (name, value) => parts.push(`${name}:${value}`))
  await new Promise<void>((resolve, reject) => {
    parser.on('close', resolve)
    parser.on('error', reject)
    for (const chunk of body) parser.write(chunk)
    parser.end()
  })
  return parts
}

describe('replaceBoundarySearch', () => {
  it('takes over busboy’s search, and busboy then reads the same parts from any chunking', async () => {
    const boundary = 'zz-Q'
    const delimiter = Buffer.from(`\r\n--${boundary}`)
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed)
      // File contents full of near-boundaries (never a whole one, even with the CRLF that ends the part's
      // headers); a field between the files.
      const first = haystack(next, delimiter.subarray(0, delimiter.length - 1))
      const second = haystack(next, delimiter.subarray(1))
      const holdsBoundary = (content: Buffer) => Buffer.concat([Buffer.from('\r\n'), content]).includes(delimiter)
      if (holdsBoundary(first) || holdsBoundary(second)) continue
      const body = Buffer.concat([
        Buffer.from(`preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="a"; filename="a.bin"\r\n\r\n`),
        first,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--${boundary}\r\n`),
        Buffer.from('Content-Disposition: form-data; name="b"; filename="b.bin"\r\n\r\n'),
        second,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      const expected = [`a=${first.toString('latin1')}`, 'title:Hello', `b=${second.toString('latin1')}`]
      const chunks = chunked(next, body)
      expect({ seed, parts: await parse(chunks, boundary, true) }).toEqual({ seed, parts: expected })
      expect({ seed, parts: await parse(chunks, boundary, false) }).toEqual({ seed, parts: expected })
    }
  })

  it('leaves a parser it does not recognise as it is', () => {
    const parser = { _bparser: { push() {} } }
    expect(replaceBoundarySearch(parser)).toBe(false)
    expect(replaceBoundarySearch({})).toBe(false)
  })
})
