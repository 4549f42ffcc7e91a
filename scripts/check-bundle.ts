/**
 * Bundle budget: builds the SPA and sums the gzip size of what the landing route (`/`) loads first:
 * the entry, its static imports, and the landing route's own chunk with its imports, JS and CSS.
 * Fails above 160 kB JS or 35 kB CSS.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET = { js: 160 * 1024, css: 35 * 1024 }
const LANDING_CHUNK = 'src/routes/index.tsx?tsr-split=component'

interface Chunk {
  file: string
  imports?: string[]
  css?: string[]
}

if (!process.argv.includes('--no-build'))
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
const dist = path.resolve('dist')
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>

const files = new Set<string>()
function collect(key: string) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`No chunk '${key}' in the build manifest`)
  if (files.has(chunk.file)) return
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const key of chunk.imports ?? []) collect(key)
}
collect('index.html')
collect(LANDING_CHUNK)

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
const sum = (ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gz(f), 0)
const js = sum('.js')
const css = sum('.css')
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`

console.log('Landing route initial load (gzip):')
for (const file of [...files].sort()) console.log(`  ${file.padEnd(40)} ${kb(gz(file))}`)
console.log(`JS  ${kb(js)} / budget ${kb(BUDGET.js)}`)
console.log(`CSS ${kb(css)} / budget ${kb(BUDGET.css)}`)
if (js > BUDGET.js || css > BUDGET.css) {
  console.error('Bundle budget exceeded.')
  process.exit(1)
}
console.log('Bundle budget: OK')
