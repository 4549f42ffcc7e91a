/**
 * `npm test` after the lint: the type check and the Vitest suites at the same time. The suites leave a core idle
 * now and then (a worker waiting on its last file, a test waiting on a timer), which the type check fills; one
 * after the other they took 12 s longer. Arguments go to Vitest. Fails when either fails; the type check's
 * errors are printed after the suites' report.
 */
import { spawn } from 'node:child_process'

function run(command: string, args: string[], captured: boolean) {
  const child = spawn(process.execPath, [command, ...args], { stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise<{ code: number; output: string }>((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, output })))
}

const [types, suites] = await Promise.all([
  run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit'], true),
  run('node_modules/vitest/vitest.mjs', ['run', ...process.argv.slice(2)], false),
])
console.log(types.code === 0 ? '\nType check passed.' : `\nType check failed:\n${types.output}`)
process.exit(types.code || suites.code)
