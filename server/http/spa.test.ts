import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { createApp } from '../app.ts'
import { setupTestContext } from '../test/harness.ts'
import { publicConfigOf } from '../system/public-config.ts'
import { withConfig } from './spa-index.ts'
import { ROUTE_PRELOADS_FILE, preloadTags } from './spa-preload.ts'

/** The built SPA's precompressed twins (.br, .gz) go out to clients that accept them. */
const ctx = setupTestContext({}, { resetBeforeEach: false })
let dir: string
let spa: ReturnType<typeof createApp>
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))})`
const INDEX = '<!doctype html><title>SPA index</title>'

function withTwins(file: string, text: string) {
  writeFileSync(file, text)
  writeFileSync(`${file}.br`, brotliCompressSync(text))
  writeFileSync(`${file}.gz`, gzipSync(text))
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'learnpack-spa-'))
  mkdirSync(path.join(dir, 'assets'))
  withTwins(path.join(dir, 'index.html'), INDEX)
  withTwins(path.join(dir, 'assets', 'main-abc123.js'), SCRIPT)
  writeFileSync(path.join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(300, 7))
  spa = createApp({ ...ctx.deps, staticDir: dir })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const get = (url: string, headers: Record<string, string> = {}) => spa.request(url, { headers })
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())

describe('precompressed SPA assets', () => {
  it('sends the brotli twin when br is accepted, with its type, length, Vary and the immutable cache', async () => {
    const res = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const body = await bytes(res)
    expect(res.headers.get('content-length')).toBe(String(body.byteLength))
    expect(body.byteLength).toBeLessThan(SCRIPT.length / 10)
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT)
  })

  it('sends the gzip twin when only gzip is accepted, and the file as it is otherwise (still with Vary)', async () => {
    const gz = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(await bytes(gz)).toString()).toBe(SCRIPT)

    const plain = await get('/assets/main-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/)
    expect(plain.headers.get('content-length')).toBe(String(SCRIPT.length))
    expect(await plain.text()).toBe(SCRIPT)
  })

  it('sends index.html compressed for client-side routes, never cached long', async () => {
    const res = await get('/user/my-dashboard', { 'accept-encoding': 'br' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(withConfig(INDEX, publicConfigOf(ctx.deps.config)))
  })

  it("writes the public settings into index.html for '/', '/index.html' and client-side routes", async () => {
    for (const url of ['/', '/index.html', '/topics/3']) {
      const res = await get(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const settings = JSON.stringify({ googleClientId: ctx.deps.config.google.clientId, currency: 'INR' })
      expect(await res.text()).toBe(`${INDEX}<script type="application/json" id="config">${settings}</script>`)
    }
  })

  it('escapes < in the settings so a value cannot close the script tag', () => {
    const html = withConfig('<html><head></head></html>', { googleClientId: '</script><script>alert(1)</script>', currency: 'INR' })
    expect(html).not.toContain('</script><script>')
    expect(html).toContain('<script type="application/json" id="config">{"googleClientId":"\\u003c/script>')
    expect(html.endsWith('</script></head></html>')).toBe(true)
  })

  it('never encodes a Range answer or a file without text content', async () => {
    const part = await get('/assets/main-abc123.js', { 'accept-encoding': 'br', range: 'bytes=0-9' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-encoding')).toBeNull()
    expect(await part.text()).toBe(SCRIPT.slice(0, 10))

    const image = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' })
    expect(image.status).toBe(200)
    expect(image.headers.get('content-encoding')).toBeNull()
    expect((await bytes(image)).byteLength).toBe(300)
  })
})

describe('preload tags for deep links', () => {
  let built: string
  let app: ReturnType<typeof createApp>
  const PAGE = '<!doctype html><head><script type="module" src="/assets/index.js"></script></head>'
  const TOPIC = ['/assets/app.js', '/assets/viewer.js']

  beforeAll(() => {
    built = mkdtempSync(path.join(tmpdir(), 'learnpack-spa-preload-'))
    mkdirSync(path.join(built, '.vite'))
    writeFileSync(path.join(built, 'index.html'), PAGE)
    writeFileSync(path.join(built, ROUTE_PRELOADS_FILE), JSON.stringify({ '/topics/$id': TOPIC }))
    app = createApp({ ...ctx.deps, staticDir: built })
  })
  afterAll(() => rmSync(built, { recursive: true, force: true }))

  it("names the route's chunks in index.html for a path the build lists, encoded as well", async () => {
    const html = withConfig(PAGE, publicConfigOf(ctx.deps.config)).replace('</head>', `${preloadTags(TOPIC)}</head>`)
    expect(await (await app.request('/topics/12')).text()).toBe(html)
    const br = await app.request('/topics/12', { headers: { 'accept-encoding': 'br' } })
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(html)
  })

  it("leaves '/' and paths the build does not list as built", async () => {
    for (const url of ['/', '/index.html', '/somewhere/else']) {
      const text = await (await app.request(url)).text()
      expect(text).toBe(withConfig(PAGE, publicConfigOf(ctx.deps.config)))
    }
  })
})
