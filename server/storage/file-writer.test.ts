import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileWriter } from './file-writer.ts'
import { claim } from './spent-chunks.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'learnpack-file-writer-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A block of its own memory (as Node gives each piece of a request body), filled with `byte`. */
const block = (size: number, byte: number) => Buffer.allocUnsafeSlow(size).fill(byte)

describe('fileWriter', () => {
  it('writes every chunk in order, the chunks queued behind a write together in one call', async () => {
    const file = path.join(dir, 'out')
    const handle = await open(file, 'wx')
    let calls = 0
    const counted = new Proxy(handle, {
      get: (target, key) =>
        key === 'writev'
          ? (...args: Parameters<FileHandle['writev']>) => {
              calls++
              return target.writev(...args)
            }
          : Reflect.get(target, key, target),
    })
    const chunks = Array.from({ length: 40 }, (_, i) => block(1000 + i, i))
    await pipeline(Readable.from(chunks), fileWriter(counted))
    await handle.close()
    expect(readFileSync(file).equals(Buffer.concat(chunks.map((c) => Buffer.from(c))))).toBe(true)
    expect(calls).toBeLessThan(chunks.length)
  })

  it('goes on from where a short write stopped', async () => {
    const written: Buffer[] = []
    const stingy = {
      // accepts at most 7 bytes per call, as a regular file may (rarely) do
      async writev(buffers: Buffer[]) {
        const whole = Buffer.concat(buffers).subarray(0, 7)
        written.push(Buffer.from(whole))
        return { bytesWritten: whole.length, buffers }
      },
    } as unknown as FileHandle
    const chunks = [Buffer.from('hello, '), Buffer.from('short '), Buffer.from('writes')]
    await pipeline(Readable.from(chunks), fileWriter(stingy))
    expect(Buffer.concat(written).toString()).toBe('hello, short writes')
  })

  it('hands back the memory of a claimed chunk once written, and leaves every other chunk as it was', async () => {
    const handle = await open(path.join(dir, 'out'), 'wx')
    const claimed = block(4096, 1)
    const shared = block(4096, 2)
    const part = shared.subarray(0, 100)
    const unclaimed = block(4096, 3)
    claim(claimed)
    claim(part) // a view on part of a block is never the upload's alone
    await pipeline(Readable.from([claimed, part, unclaimed]), fileWriter(handle))
    await handle.close()
    expect(readFileSync(path.join(dir, 'out'))).toHaveLength(4096 + 100 + 4096)
    expect(claimed.byteLength).toBe(0)
    expect(shared.byteLength).toBe(4096)
    expect(part.every((byte) => byte === 2)).toBe(true)
    expect(unclaimed.every((byte) => byte === 3)).toBe(true)
  })

  it('fails when the file takes no more bytes', async () => {
    const full = { writev: async (buffers: Buffer[]) => ({ bytesWritten: 0, buffers }) } as unknown as FileHandle
    await expect(pipeline(Readable.from([Buffer.from('x')]), fileWriter(full))).rejects.toThrow(/no more bytes/)
  })
})
