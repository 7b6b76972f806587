import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { fdWriter, type Write } from '../../../src/main/cli/fd-writer'
import { CLI_ENTRY } from './spawn-cli'

const fail = (code: string) => Object.assign(new Error(code), { code })

/** A descriptor that takes at most `chunk` bytes a call and answers `troubles` first. */
function descriptor(chunk: number, troubles: string[] = []) {
  const got: number[] = []
  const write: Write = (_fd, data) => {
    const trouble = troubles.shift()
    if (trouble) throw fail(trouble)
    const n = Math.min(chunk, data.length)
    got.push(...data.subarray(0, n))
    return n
  }
  return { write, text: () => Buffer.from(got).toString() }
}

describe('output written straight to its descriptor', () => {
  it('arrives whole and in order through short writes and a full non-blocking pipe', () => {
    const fd = descriptor(3, ['EAGAIN', 'EAGAIN'])
    const out = fdWriter(1, fd.write)
    out('春アニメ 第1話\n')
    out('next line\n')
    expect(fd.text()).toBe('春アニメ 第1話\nnext line\n')
  })

  it('stops quietly once the reader has gone, and says nothing more', () => {
    const fd = descriptor(100, ['EPIPE'])
    const out = fdWriter(1, fd.write)
    expect(() => out('lost\n')).not.toThrow()
    out('also lost\n')
    expect(fd.text()).toBe('')
  })

  it('lets any other failure through', () => {
    expect(() => fdWriter(1, descriptor(1, ['EBADF']).write)('x')).toThrow('EBADF')
  })

  it('`onair --help` into a reader that closed at once ends as it would have, with no error', async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, '--help'], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    // Closed long before Node has started the command (`onair --help | head -0`).
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    const code = await new Promise<number | null>((res) => child.on('close', res))
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  })
})
