import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
}

describe('the repository stands on its own', () => {
  // Built from parts so this file does not match itself.
  const outsideReferences = ['../' + 'shared', 'SPEC' + '.md', 'DESIGN' + '.md']

  it('no tracked file points to working notes outside the repository', () => {
    const offenders = trackedFiles().flatMap((file) => {
      const text = readFileSync(join(root, file), 'latin1')
      return outsideReferences.filter((reference) => text.includes(reference)).map((reference) => `${file}: ${reference}`)
    })
    expect(offenders).toEqual([])
  })

  it("raises success toasts only through mutations' meta, never from a screen", () => {
    const screens = trackedFiles().filter((file) => /^src\/(components|routes)\/.*\.tsx?$/.test(file))
    const raising = screens.filter((file) => readFileSync(join(root, file), 'utf8').includes('notify.success('))
    expect(raising).toEqual([])
  })

  it('pins every dependency to the exact version installed', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    const lockRoot = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages['']
    const mismatches: string[] = []
    for (const field of ['dependencies', 'devDependencies'] as const) {
      for (const [name, range] of Object.entries<string>(manifest[field])) {
        const installed = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version
        if (range !== installed) mismatches.push(`${field}.${name}: ${range} (installed ${installed})`)
        if (lockRoot[field]?.[name] !== range) mismatches.push(`package-lock.json ${field}.${name}: ${lockRoot[field]?.[name]}`)
      }
    }
    expect(mismatches).toEqual([])
  })
})
