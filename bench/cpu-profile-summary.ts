/**
 * Where a V8 CPU profile (`node --cpu-prof`, a .cpuprofile JSON file) spends its time: self time by function and by
 * module (a package under node_modules, a file of this repository, Node's internals, the garbage collector).
 *
 *   node bench/cpu-profile-summary.ts <file.cpuprofile> [top]
 *
 * bench/class.ts prints it for its profiled step.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './support.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** A module's name: the package for node_modules, the path for this repository's files, else the kind of frame. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  if (url.startsWith('node:')) return 'node: internals'
  if (url.startsWith('wasm://')) return `WebAssembly ${url}`
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (inModules) return inModules[1]!
  return file.startsWith(ROOT) ? path.relative(ROOT, file) : file
}

export interface ProfileSummary {
  totalMs: number
  idleMs: number
  functions: { name: string; ms: number }[]
  modules: { name: string; ms: number }[]
}

/**
 * `window`: only the samples between these instants, in microseconds of the monotonic clock (what
 * `process.hrtime.bigint() / 1000n` reads in any process of the machine; V8 stamps its samples with it).
 */
export function summariseProfile(file: string, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const functions = new Map<string, number>()
  const modules = new Map<string, number>()
  let totalMs = 0
  let idleMs = 0
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    if (window && (at < window.fromUs || at > window.toUs)) return
    // A sample's time is the delta to the next one: the time spent in that frame itself (self time).
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    totalMs += ms
    if (functionName === '(idle)') {
      idleMs += ms
      return
    }
    const where = url ? ` ${url.startsWith('node:') ? url : moduleOf(url, functionName)}:${lineNumber + 1}` : ''
    const name = `${functionName || '(anonymous)'}${where}`
    functions.set(name, (functions.get(name) ?? 0) + ms)
    const module = moduleOf(url, functionName)
    modules.set(module, (modules.get(module) ?? 0) + ms)
  })
  const sorted = (map: Map<string, number>) => [...map].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms)
  return { totalMs, idleMs, functions: sorted(functions), modules: sorted(modules) }
}

/** Prints the top `top` functions and modules by self time, as shares of the busy (non-idle) time. */
export function printProfileSummary(file: string, top = 15, window?: { fromUs: number; toUs: number }) {
  const summary = summariseProfile(file, window)
  const busy = summary.totalMs - summary.idleMs
  console.log(
    `CPU profile ${path.basename(file)}${window ? ' (the timed step only)' : ''}: ${(summary.totalMs / 1000).toFixed(1)} s sampled, busy ${(busy / 1000).toFixed(1)} s (${((busy / summary.totalMs) * 100).toFixed(0)} %), idle the rest.`,
  )
  const rows = (list: { name: string; ms: number }[]) =>
    Object.fromEntries(
      list.slice(0, top).map(({ name, ms }) => [name, { 'self ms': Math.round(ms), '% of busy': +((ms / busy) * 100).toFixed(1) }]),
    )
  console.log('Self time by module:')
  console.table(rows(summary.modules))
  console.log('Self time by function:')
  console.table(rows(summary.functions))
}

if (import.meta.main) {
  const [file, top] = process.argv.slice(2)
  if (!file) {
    console.error('Usage: node bench/cpu-profile-summary.ts <file.cpuprofile> [top]')
    process.exitCode = 2
  } else printProfileSummary(file, top ? Number(top) : undefined)
}
