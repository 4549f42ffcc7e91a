/**
 * `npm test`: the lint, the type check and the Vitest suites at the same time. The suites leave a core idle now and
 * then (a worker waiting on its last file, a test waiting on a timer), which the lint and the type check fill; one
 * after the other they took 12 s longer. The type check is incremental (tsconfig.json keeps its build info in
 * .cache/), so after a first run it reads only what changed. Arguments go to Vitest. Fails when any fails; the lint's
 * and the type check's errors are printed after the suites' report.
 */
import { spawn } from 'node:child_process'

function run(command: string, args: string[], captured: boolean) {
  const child = spawn(process.execPath, [command, ...args], { stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise<{ code: number; output: string }>((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, output })))
}

const [lint, types, suites] = await Promise.all([
  run('node_modules/@biomejs/biome/bin/biome', ['check', '--error-on-warnings', '--colors=off'], true),
  run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit'], true),
  run('node_modules/vitest/vitest.mjs', ['run', ...process.argv.slice(2)], false),
])
console.log(lint.code === 0 ? '\nLint passed.' : `\nLint failed:\n${lint.output}`)
console.log(types.code === 0 ? 'Type check passed.' : `\nType check failed:\n${types.output}`)
process.exit(lint.code || types.code || suites.code)
